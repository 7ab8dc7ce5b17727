import { escapeCsvCell } from '@shared/untrusted-text'
import type { CsvCell } from '@shared/untrusted-text'
import { isoDay } from './format'

export type { CsvCell }

/**
 * Rows to CSV text with CRLF line endings, as spreadsheets expect; cells escaped as the CLI's are
 * (formulas and controls from the service neutralised).
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n'
}

/** A ratio as a percentage with two decimals, as the CSV exports write it: 0.0612345 → 6.12. */
export function csvPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100
}

export function compareCsvFilename(date: Date = new Date()): string {
  return `market-compare-${isoDay(date)}.csv`
}

/** The observed-history CSV's name, dated like the compare export. */
export function historyCsvFilename(date: Date = new Date()): string {
  return `market-observed-history-${isoDay(date)}.csv`
}
