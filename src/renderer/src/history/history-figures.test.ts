import { asRead } from '../../../../test/support/renderer/text'
import { describe, expect, it } from 'vitest'
import { defaultBedTypes } from '@shared/bed-types'
import type { ObservationSeries } from './observation-log'
import { buildHistoryCsv } from './history-csv'
import { figuresFor, formatObserved, toHistoryFigure } from './history-figures'

const series = (
  params: Record<string, string>,
  kind: string,
  values: number[],
  source: 'demo' | 'remote' = 'demo'
): ObservationSeries => ({
  source,
  baseUrl: source === 'demo' ? 'embedded-demo' : 'https://api.example.com',
  queryHash: JSON.stringify([kind, params]),
  queryKey: ['market', kind, params],
  observations: values.map((value, index) => ({
    value,
    unit: kind === 'growth' ? 'period 2020-2025' : 'NGN',
    firstSeenAt: Date.UTC(2026, 10, index + 1),
    lastSeenAt: Date.UTC(2026, 10, index + 1, 12)
  }))
})

const yaba = { location: 'yaba', countryCode: 'NG' }
const all = [
  series({ ...yaba, type: 'sale', beds: '3' }, 'residentialPrice', [300, 310]),
  series({ ...yaba, type: 'rent', beds: '1' }, 'residentialPrice', [10, 12]),
  series({ ...yaba, type: 'sale', beds: '1' }, 'residentialPrice', [100]),
  series({ ...yaba, type: 'sale', beds: '1' }, 'growth', [7, 8]),
  series({ ...yaba, type: 'sale', beds: '1' }, 'residentialPrice', [1, 2], 'remote'),
  series(
    { location: 'ikoyi', countryCode: 'NG', type: 'sale', beds: '1' },
    'residentialPrice',
    [5, 6]
  )
]

describe('history figures', () => {
  it('picks one location’s changed figures from the current service only, prices first in bed order', () => {
    const figures = figuresFor(
      all,
      { slug: 'yaba', countryCode: 'ng' },
      { source: 'demo', baseUrl: 'embedded-demo' },
      defaultBedTypes()
    )
    expect(figures.map((f) => f.label)).toEqual([
      '1 bed / self-contained · rent',
      '3 bed · sale price',
      '1 bed / self-contained · sale growth'
    ])
    const remote = figuresFor(
      all,
      { slug: 'yaba', countryCode: 'NG' },
      { source: 'remote', baseUrl: 'https://api.example.com' },
      defaultBedTypes()
    )
    expect(remote.map((f) => f.observations.map((o) => o.value))).toEqual([[1, 2]])
  })

  it('formats money in its currency and growth as the settings read it', () => {
    const [growth] = figuresFor(
      all.slice(3, 4),
      { slug: 'yaba', countryCode: 'NG' },
      { source: 'demo', baseUrl: 'embedded-demo' },
      []
    )
    const first = growth?.observations[0]
    const read = (growthMeaning: 'per-year' | 'total') =>
      growth &&
      first &&
      asRead(formatObserved(growth, first, { growthUnit: 'percent', growthMeaning }))
    expect(read('per-year')).toBe('+7.0%/yr (≈ +40% over 2020–25)')
    expect(read('total')).toBe('+7.0% over 2020–25 (≈ +1.4%/yr)')
    const land = toHistoryFigure(series(yaba, 'landPrice', [9]), [])
    expect(land.label).toBe('Land price')
    expect(
      formatObserved(
        land,
        { value: 9, unit: 'NGN/sqm', firstSeenAt: 0, lastSeenAt: 0 },
        { growthUnit: 'percent', growthMeaning: 'per-year' }
      )
    ).toMatch(/9 per sqm$/)
  })

  it('exports one CSV row per observation with its source and dates', () => {
    const figures = [all[0], all[4]].flatMap((one) => (one ? [toHistoryFigure(one, [])] : []))
    const lines = buildHistoryCsv(figures, () => 'Yaba')
      .trimEnd()
      .split('\r\n')
    expect(lines).toHaveLength(1 + 2 + 2)
    expect(lines[1]).toBe(
      'Yaba,NG,3 bed · sale price,demo data,embedded-demo,300,NGN,2026-11-01T00:00:00.000Z,2026-11-01T12:00:00.000Z'
    )
    expect(lines[4]).toContain('remote service,https://api.example.com,2,NGN')
  })
})
