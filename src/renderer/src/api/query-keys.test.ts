import { hashKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { SERVICE_OPERATIONS } from '@shared/operations'
import { cacheName, lookupKey, lookupQueryKey, marketKeys } from './query-keys'

describe('lookup query keys', () => {
  it('keep the names every stored cache entry was written under', () => {
    expect(SERVICE_OPERATIONS.map(cacheName)).toEqual([
      'locations',
      'residentialPrice',
      'growth',
      'landPrice'
    ])
  })

  it('hold only the operation’s own fields, country codes upper-case, absent options left out', () => {
    const params = { location: 'ikoyi', countryCode: 'ng', sector: 'land', extra: 'x' } as const
    expect(lookupKey('getLandPrice', params)).toEqual([
      'market',
      'landPrice',
      { location: 'ikoyi', countryCode: 'NG' }
    ])
    expect(
      lookupKey('getGrowth', {
        location: 'ikoyi',
        countryCode: 'NG',
        sector: 'land',
        type: undefined
      })
    ).toEqual(['market', 'growth', { location: 'ikoyi', countryCode: 'NG', sector: 'land' }])
  })

  it('give a batch item the same cache entry as the single lookup', () => {
    const params = { location: 'osu', countryCode: 'gh', type: 'rent', beds: '2' } as const
    expect(hashKey(lookupQueryKey({ kind: 'residentialPrice', ...params }))).toBe(
      hashKey(marketKeys.residentialPrice(params))
    )
  })
})
