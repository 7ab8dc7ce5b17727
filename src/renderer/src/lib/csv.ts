import { isoDay } from './format'

export type CsvCell = string | number | null | undefined

/**
 * RFC 4180 escaping: a cell containing a comma, quote, CR or LF is quoted and its quotes doubled.
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe;
 * numbers are written as they are.
 */
export function escapeCsvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows to CSV text with CRLF line endings, as spreadsheets expect. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n'
}

export function compareCsvFilename(date: Date = new Date()): string {
  return `market-compare-${isoDay(date)}.csv`
}
