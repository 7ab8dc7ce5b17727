/**
 * Output formats: an aligned text table (default), CSV (RFC 4180) and JSON. Text from the service
 * goes through the shared neutralisation (src/shared/untrusted-text.ts) for every format.
 */
import { escapeCsvCell, neutraliseText, terminalSafeJson } from '@shared/untrusted-text'

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

const numberFormats = new Map<string, Intl.NumberFormat>()

function formatNumber(value: number, column: Column): string {
  const max = column.decimals ?? 2
  const min = Math.min(column.minDecimals ?? 0, max)
  const id = `${min}-${max}`
  let format = numberFormats.get(id)
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: min,
      maximumFractionDigits: max
    })
    numberFormats.set(id, format)
  }
  return format.format(value)
}

function tableText(cell: Cell, column: Column): string {
  if (cell === null) return MISSING
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? formatNumber(cell, column) : MISSING
  }
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
  const body = table.rows.map((row) =>
    table.columns.map((column, index) => tableText(row[index] ?? null, column))
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
  const lines = [table.columns.map((column) => column.header), ...table.rows]
  return lines.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n'
}

export function renderJson(value: unknown): string {
  return `${terminalSafeJson(value)}\n`
}
