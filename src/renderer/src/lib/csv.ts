import { isoDay } from './format'

export { toCsv } from '@shared/untrusted-text'
export type { CsvCell } from '@shared/untrusted-text'

/** A ratio as a percentage with two decimals, as the CSV exports write it: 0.0612345 → 6.12. */
export function csvPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100
}

/** A CSV export's file name: what it holds and the local day it was made, e.g. market-compare-2025-01-09.csv. */
export function csvFilename(
  kind: 'compare' | 'rankings' | 'observed-history',
  date: Date = new Date()
): string {
  return `market-${kind}-${isoDay(date)}.csv`
}
