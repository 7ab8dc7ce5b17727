import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/settings'
import {
  createMemorySeriesStorage,
  createObservationHistory
} from './cache-store/observation-history'
import { recordObservations, sightingOf } from './observation-recorder'
import { appKeys, marketKeys } from './query-keys'

const priceKey = marketKeys.residentialPrice({
  location: 'yaba',
  countryCode: 'NG',
  type: 'sale',
  beds: '2'
})
const answer = (price: number, fetchedAt: string, source: 'demo' | 'remote' = 'demo') => ({
  data: { price, currency: 'NGN' },
  meta: { source, fetchedAt }
})

describe('observation recorder', () => {
  it('reads the figure of each lookup kind, and nothing from lists', () => {
    const at = '2026-11-01T00:00:00.000Z'
    expect(sightingOf(priceKey, answer(5, at))).toEqual({
      value: 5,
      unit: 'NGN',
      at: Date.parse(at)
    })
    expect(
      sightingOf(['market', 'growth', {}], {
        data: { growth: 7.5, period: '2020-2025' },
        meta: { source: 'demo', fetchedAt: at }
      })
    ).toMatchObject({ value: 7.5, unit: 'period 2020-2025' })
    expect(
      sightingOf(['market', 'landPrice', {}], {
        data: { price: 9, currency: 'NGN', unit: 'sqm' },
        meta: { source: 'demo', fetchedAt: at }
      })
    ).toMatchObject({ value: 9, unit: 'NGN/sqm' })
    expect(sightingOf(['market', 'locations', {}], { data: { locations: [] }, meta: {} })).toBe(
      undefined
    )
  })

  it('records query results and batch writes, demo apart from remote', async () => {
    const client = new QueryClient()
    const history = createObservationHistory(createMemorySeriesStorage())
    recordObservations(client, history)
    client.setQueryData(appKeys.settings, {
      ...DEFAULT_SETTINGS,
      baseUrl: 'https://api.example.com'
    })
    await client.fetchQuery({
      queryKey: priceKey,
      queryFn: async () => answer(100, '2026-11-01T00:00:00Z')
    })
    client.setQueryData(priceKey, answer(120, '2026-11-02T00:00:00Z'))
    client.setQueryData(priceKey, answer(130, '2026-11-03T00:00:00Z', 'remote'))
    await vi.waitFor(async () => expect(await history.all()).toHaveLength(2))
    const [demo, remote] = await history.all()
    expect(demo?.baseUrl).toBe('embedded-demo')
    expect(demo?.observations.map((o) => o.value)).toEqual([100, 120])
    expect(remote?.baseUrl).toBe('https://api.example.com')
    expect(remote?.observations.map((o) => o.value)).toEqual([130])
  })
})
