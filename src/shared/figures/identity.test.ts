import { describe, expect, it } from 'vitest'
import { ListLocationsInput, LookupRequestSchema } from '../contract'
import { lookupKey } from './identity'

describe('lookup identity', () => {
  it('keys the same lookup the same way whatever the field order, case or empty options', () => {
    const a = lookupKey({
      kind: 'growth',
      location: 'yaba',
      countryCode: 'ng',
      sector: 'land',
      type: undefined,
      beds: ''
    } as never)
    const b = lookupKey({ sector: 'land', countryCode: 'NG', location: 'yaba', kind: 'growth' })
    expect(a).toEqual(['market', 'growth', { countryCode: 'NG', location: 'yaba', sector: 'land' }])
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
  })

  it('keeps only the fields of the lookup kind, in sorted order', () => {
    const key = lookupKey({
      kind: 'residentialPrice',
      type: 'rent',
      location: 'yaba',
      countryCode: 'NG',
      beds: '2',
      extra: 'x'
    } as never)
    expect(Object.keys(key[2])).toEqual(['beds', 'countryCode', 'location', 'type'])
  })

  it('names every parameter the contract gives each kind', () => {
    for (const option of LookupRequestSchema.options) {
      const fields = Object.keys(option.shape).filter((field) => field !== 'kind')
      const sample = Object.fromEntries(fields.map((field) => [field, 'x']))
      const kind = option.shape.kind.value
      expect(Object.keys(lookupKey({ kind, ...sample } as never)[2]).sort()).toEqual(fields.sort())
    }
    expect(Object.keys(lookupKey({ kind: 'locations', sector: 'land' })[2])).toEqual(
      Object.keys(ListLocationsInput.shape)
    )
  })
})
