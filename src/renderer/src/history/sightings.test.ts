import { describe, expect, it } from 'vitest'
import { lookupKey } from '@shared/figures/identity'
import { createObservationHistory } from './observation-history'
import { recordShown, sightingOf } from './sightings'
import { createMemorySeriesStorage } from '../../../../test/support/renderer/memory-storage'

const priceKey = lookupKey({
  kind: 'residentialPrice',
  location: 'yaba',
  countryCode: 'NG',
  type: 'sale',
  beds: '2'
})
const answer = (price: number, fetchedAt: string, source: 'demo' | 'remote' = 'demo') => ({
  data: { price, currency: 'NGN' },
  meta: { source, fetchedAt }
})

describe('sightings', () => {
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
    expect(sightingOf(priceKey, { data: { price: Number.NaN, currency: 'NGN' }, meta: {} })).toBe(
      undefined
    )
  })

  it('records shown figures, demo apart from remote, and a change as a second value', async () => {
    const history = createObservationHistory(createMemorySeriesStorage())
    const remote = 'https://api.example.com'
    recordShown(
      history,
      [{ queryKey: priceKey, data: answer(100, '2026-11-01T00:00:00Z') }],
      remote
    )
    recordShown(
      history,
      [{ queryKey: priceKey, data: answer(120, '2026-11-02T00:00:00Z') }],
      remote
    )
    recordShown(
      history,
      [{ queryKey: priceKey, data: answer(130, '2026-11-03T00:00:00Z', 'remote') }],
      remote
    )
    await history.flush()
    const [demo, fromRemote] = await history.all()
    expect(demo?.baseUrl).toBe('embedded-demo')
    expect(demo?.observations.map((o) => o.value)).toEqual([100, 120])
    expect(fromRemote?.baseUrl).toBe(remote)
    expect(fromRemote?.observations.map((o) => o.value)).toEqual([130])
  })
})
