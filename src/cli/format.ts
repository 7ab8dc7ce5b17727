/**
 * Output formats: an aligned text table (default), CSV (RFC 4180) and JSON. Text from the service
 * goes through the shared neutralisation (src/shared/untrusted-text.ts) for every format.
 */
import { neutraliseText, terminalSafeJson, toCsv } from '@shared/untrusted-text'

export type Cell = string | number | null

export interface Column {
  /** Header text, also the CSV header: lower_snake_case so scripts can address it. */
  header: string
  /** Numbers are right-aligned; in the text table they show minDecimals to decimals digits. */
  kind: 'text' | 'number'
  decimals?: number
  minDecimals?: number
}

export interface Table {
  columns: readonly Column[]
  rows: readonly (readonly Cell[])[]
}

export type OutputFormat = 'table' | 'json' | 'csv'

/** How a missing value (a failed lookup) is shown in the text table. */
export const MISSING = '—'

/** A number column's format: from minDecimals to decimals (default 0 to 2) digits. */
function numberFormat(column: Column): Intl.NumberFormat {
  const max = column.decimals ?? 2
  const min = Math.min(column.minDecimals ?? 0, max)
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })
}

function tableText(cell: Cell, format: Intl.NumberFormat): string {
  if (cell === null) return MISSING
  if (typeof cell === 'number') return Number.isFinite(cell) ? format.format(cell) : MISSING
  return neutraliseText(cell, 'terminal')
}

function width(text: string): number {
  return [...text].length
}

function pad(text: string, size: number, alignRight: boolean): string {
  const fill = ' '.repeat(Math.max(0, size - width(text)))
  return alignRight ? fill + text : text + fill
}

/** Columns separated by two spaces, numbers right-aligned, a dashed rule under the header. */
export function renderTable(table: Table): string {
  const formats = table.columns.map(numberFormat)
  const body = table.rows.map((row) =>
    formats.map((format, index) => tableText(row[index] ?? null, format))
  )
  const widths = table.columns.map((column, index) =>
    Math.max(width(column.header), ...body.map((row) => width(row[index] ?? '')))
  )
  const line = (cells: readonly string[]): string =>
    table.columns
      .map((column, index) => pad(cells[index] ?? '', widths[index] ?? 0, column.kind === 'number'))
      .join('  ')
      .trimEnd()
  const header = line(table.columns.map((column) => column.header))
  const rule = widths.map((size) => '-'.repeat(size)).join('  ')
  return [header, rule, ...body.map(line)].join('\n') + '\n'
}

/** Header row then one line per row, CRLF line endings (RFC 4180, as spreadsheets expect). */
export function renderCsv(table: Table): string {
  return toCsv([table.columns.map((column) => column.header), ...table.rows])
}

export function renderJson(value: unknown): string {
  return `${terminalSafeJson(value)}\n`
}
