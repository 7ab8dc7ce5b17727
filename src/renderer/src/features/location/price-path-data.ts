import type { TransactionType } from '@shared/spec'
import { derivePricePath, parsePeriod } from '../../lib/growth'
import type { BedRow } from './residential-matrix-model'

export interface PricePathSeries {
  key: string
  label: string
}

interface PricePathData {
  currency: string | undefined
  series: PricePathSeries[]
  points: Array<Record<string, number>>
  /** Bed types left out because their price is in another currency. */
  skippedCurrencies: string[]
}

export const seriesKey = (beds: string) => `beds_${beds}`

/**
 * One derived path per bed type (for rent or sale), merged by year for a line chart. Each compounds
 * the per-year rate its growth figure implies (a total is spread over the period first).
 */
export function buildPricePathData(rows: readonly BedRow[], type: TransactionType): PricePathData {
  const byYear = new Map<number, Record<string, number>>()
  const series: PricePathSeries[] = []
  const skipped = new Set<string>()
  let currency: string | undefined
  for (const row of rows) {
    const price = row.price[type]
    const growth = row.growthFraction[type]
    const period = growth ? parsePeriod(growth.period) : undefined
    if (price.status !== 'ok' || !growth || !period || growth.perYear === undefined) continue
    currency ??= price.value.data.currency
    if (price.value.data.currency !== currency) {
      skipped.add(price.value.data.currency)
      continue
    }
    const key = seriesKey(row.beds)
    series.push({ key, label: row.label })
    for (const point of derivePricePath(price.value.data.price, growth.perYear, period)) {
      const entry = byYear.get(point.year) ?? { year: point.year }
      entry[key] = point.value
      byYear.set(point.year, entry)
    }
  }
  const points = [...byYear.values()].sort((a, b) => (a['year'] ?? 0) - (b['year'] ?? 0))
  return { currency, series, points, skippedCurrencies: [...skipped] }
}
