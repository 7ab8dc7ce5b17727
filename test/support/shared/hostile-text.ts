/**
 * Text a hostile service could send, and how to tell whether it got through: what a spreadsheet
 * would run as a formula, and characters that would drive a terminal (cursor moves, colours,
 * reordered text). Shared by the renderer's CSV tests, the CLI's tests and the reliability suite.
 */
import fc from 'fast-check'

/** Characters a spreadsheet starts a formula with (ASCII and the full-width forms). */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20'] as const

/** What may come before a formula start and still be skipped by some spreadsheet. */
export const LEADING_BLANKS = ['', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000'] as const

/** One of each kind of invisible control: ESC, C1 (CSI, NEL), bidi overrides/isolates, C0. */
export const HIDDEN_CONTROLS = [
  '\u001b',
  '\u0007',
  '\u0000',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009b',
  '\u009f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069'
] as const

/** Every formula start after every leading blank, plus each control inside ordinary text. */
export const HOSTILE_CELLS: readonly string[] = [
  ...LEADING_BLANKS.flatMap((blank) =>
    FORMULA_STARTS.map((start) => `${blank}${start}HYPERLINK("http://evil.example","x")`)
  ),
  ...HIDDEN_CONTROLS.map((control) => `Lekki${control}[2J${control}Phase 1`),
  '\u001b]8;;http://evil.example\u001b\\click\u001b]8;;\u001b\\',
  '\u009b31mred',
  'abc\u202edcba.exe',
  '-3.2',
  '@SUM(A1:A9)'
]

/** Strings built mostly from the characters that matter here, with ordinary text between. */
export const hostileText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...FORMULA_STARTS, ...LEADING_BLANKS, ...HIDDEN_CONTROLS, '"', ',', '\u2028'),
      fc.string({ maxLength: 4 }),
      fc.string({ unit: 'binary', maxLength: 3 })
    ),
    { maxLength: 8 }
  )
  .map((parts) => parts.join(''))

/** Would a spreadsheet read this cell (as parsed from the CSV) as a formula? */
export function spreadsheetWouldRun(cell: string): boolean {
  return /^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]/u.test(cell)
}

const HIDDEN_CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

/** Does the text hold a control that could drive a terminal or reorder what is shown? */
export function hasHiddenControl(text: string): boolean {
  return HIDDEN_CONTROL.test(text)
}

/**
 * Did `read` (a cell as read back) come out safe and otherwise unchanged from `original`: no
 * formula start, no control, hidden controls shown as U+FFFD marks, perhaps behind an apostrophe?
 */
export function readsSafelyAs(read: string | undefined, original: string): boolean {
  const shown = [...original].map((char) => (hasHiddenControl(char) ? '\ufffd' : char)).join('')
  return (
    read !== undefined &&
    !spreadsheetWouldRun(read) &&
    !hasHiddenControl(read) &&
    (read === shown || read === `'${shown}`)
  )
}

/** RFC 4180 reader (quoted cells, doubled quotes, CRLF between records). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index += 1
    } else cell += char
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}
