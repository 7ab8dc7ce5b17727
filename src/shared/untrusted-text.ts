/**
 * Text from the service, made harmless where it enters (the answer schemas in spec.ts) and where it
 * ends up: a spreadsheet (the app's CSV export, the CLI's --csv), a terminal (the CLI's table and
 * messages) or a drawn chart. One definition for the renderer and the CLI. Imports nothing of ours.
 */

/**
 * Invisible characters that can drive a terminal or reorder what is shown: C0 controls except
 * tab and line breaks, DEL, C1 controls (U+0080–009F, e.g. the 8-bit CSI U+009B), and the bidi
 * marks, embeddings, overrides and isolates (U+061C, U+200E–200F, U+202A–202E, U+2066–2069).
 */
const HIDDEN_CONTROLS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** Shown in place of a removed control, so the reader sees that something was there. */
export const REPLACED_CONTROL = '\ufffd'

/**
 * The text with every hidden control replaced (tabs and line breaks kept): what service text
 * becomes where it enters (src/shared/spec.ts), and what a drawn chart's text becomes.
 */
export function replaceHiddenControls(text: string): string {
  return text.replace(HIDDEN_CONTROLS, REPLACED_CONTROL)
}

/** Tabs and line breaks (including the Unicode line and paragraph separators). */
const BREAKS = /[\t\n\r\u2028\u2029]+/gu

/**
 * A cell a spreadsheet may run as a formula: one of = + - @ (or their full-width forms), after
 * any leading whitespace or line break; or one starting with a tab or a line break.
 */
const FORMULA_START = /^(?:\s*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/u

export type TextDestination = 'spreadsheet' | 'terminal'

/**
 * For a spreadsheet: controls replaced and, when the cell could start a formula, an apostrophe
 * in front (the cell then reads as text). For a terminal: controls replaced and every run of tabs
 * and line breaks made one space, so the text stays on its line.
 */
export function neutraliseText(text: string, destination: TextDestination): string {
  const visible = replaceHiddenControls(text)
  if (destination === 'terminal') return visible.replace(BREAKS, ' ')
  return FORMULA_START.test(visible) ? `'${visible}` : visible
}

export type CsvCell = string | number | null | undefined

/**
 * One CSV cell (RFC 4180): text is neutralised for a spreadsheet, then quoted (quotes doubled)
 * when it holds a comma, quote or line break or has surrounding spaces. Numbers are written as
 * they are, so the app's own figures (a growth of -3.2) stay numbers; a missing one is empty.
 */
export function escapeCsvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  const text = neutraliseText(cell, 'spreadsheet')
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows to CSV text (cells as above), CRLF line endings as spreadsheets expect: app and CLI. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n'
}

/**
 * JSON for a terminal or a pipe: the same values, with every control and bidi character
 * written as a \u escape (JSON.stringify leaves C1 and bidi characters raw).
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    HIDDEN_CONTROLS,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
