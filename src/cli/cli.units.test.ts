/** Pure parts: output formats, the exit code table, CLI wording of the handlers' messages. */
import { describe, expect, it } from 'vitest'
import { ERRORS } from '@shared/errors/catalogue'
import { describeError, nextStepText } from '@shared/errors/next-steps'
import { ERROR_CODES, NEXT_STEPS } from '@shared/result'
import { neutraliseText } from '@shared/untrusted-text'
import { grossYieldPercent } from './commands/compare'
import { EXIT_CODES, EXIT_OK, exitCodeHelp } from './exit-codes'
import { escapeCsvCell } from '@shared/untrusted-text'
import { renderCsv, renderJson, renderTable } from './format'
import type { Table } from './format'
import {
  HIDDEN_CONTROLS,
  HOSTILE_CELLS,
  hasHiddenControl,
  parseCsv,
  spreadsheetWouldRun
} from '../../test/support/shared/hostile-text'

describe('exit codes', () => {
  it('one distinct, non-zero code per error code; usage errors share INVALID_INPUT (2)', () => {
    const codes = ERROR_CODES.map((code) => EXIT_CODES[code])
    expect(new Set(codes).size).toBe(ERROR_CODES.length)
    expect(codes).not.toContain(EXIT_OK)
    expect(EXIT_CODES.INVALID_INPUT).toBe(2)
    expect(EXIT_CODES.INTERNAL).toBe(1)
    expect(codes.every((code) => code > 0 && code < 126)).toBe(true)
    expect(exitCodeHelp().split('\n')).toHaveLength(ERROR_CODES.length + 1)
    // Every meaning starts in the same column, whatever the length of its code's name.
    const columns = exitCodeHelp()
      .split('\n')
      .map((line) => line.search(/(?<=^\s+\d+\s+\S+\s+)\S/))
    expect(new Set(columns).size).toBe(1)
  })
})

describe('CSV', () => {
  it('quotes commas, quotes and line breaks; guards formulas; leaves numbers alone', () => {
    expect(escapeCsvCell('plain')).toBe('plain')
    expect(escapeCsvCell('a,b')).toBe('"a,b"')
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""')
    expect(escapeCsvCell('two\nlines')).toBe('"two\nlines"')
    expect(escapeCsvCell(' padded ')).toBe('" padded "')
    expect(escapeCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(escapeCsvCell('-5')).toBe("'-5")
    expect(escapeCsvCell(-5.25)).toBe('-5.25')
    expect(escapeCsvCell(null)).toBe('')
    expect(escapeCsvCell(Number.NaN)).toBe('')
  })

  it('round-trips through an RFC 4180 reader with a header row and CRLF', () => {
    const table: Table = {
      columns: [
        { header: 'name', kind: 'text' },
        { header: 'price', kind: 'number' }
      ],
      rows: [
        ['Lekki, "Phase 1"', 1_000_000],
        ['multi\r\nline', null]
      ]
    }
    const text = renderCsv(table)
    expect(text.split('\r\n')[0]).toBe('name,price')
    expect(parseCsv(text)).toEqual([
      ['name', 'price'],
      ['Lekki, "Phase 1"', '1000000'],
      ['multi\r\nline', '']
    ])
  })
})

describe('hostile text from the service', () => {
  const table: Table = {
    columns: [
      { header: 'name', kind: 'text' },
      { header: 'growth', kind: 'number', decimals: 1 }
    ],
    rows: HOSTILE_CELLS.map((cell) => [cell, -3.2])
  }

  it('CSV: no cell can start a formula or carry a control; numbers stay numbers', () => {
    const [header, ...rows] = parseCsv(renderCsv(table))
    expect(header).toEqual(['name', 'growth'])
    expect(rows).toHaveLength(HOSTILE_CELLS.length)
    for (const [name = '', growth] of rows) {
      expect(spreadsheetWouldRun(name), JSON.stringify(name)).toBe(false)
      expect(hasHiddenControl(name), JSON.stringify(name)).toBe(false)
      expect(growth).toBe('-3.2')
    }
  })

  it('table: one line per row, and nothing that moves the cursor or reorders text', () => {
    const lines = renderTable(table).trimEnd().split('\n')
    expect(lines).toHaveLength(HOSTILE_CELLS.length + 2)
    for (const line of lines) expect(hasHiddenControl(line), JSON.stringify(line)).toBe(false)
    expect(lines.slice(2).every((line) => line.endsWith('-3.2'))).toBe(true)
  })

  it('JSON: the same text, with controls written as \\u escapes', () => {
    const text = renderJson({ name: `a${HIDDEN_CONTROLS.join('')}b` })
    expect(hasHiddenControl(text)).toBe(false)
    expect(JSON.parse(text)).toEqual({ name: `a${HIDDEN_CONTROLS.join('')}b` })
  })
})

describe('text table', () => {
  it('aligns columns, right-aligns grouped numbers, shows — for missing values', () => {
    const text = renderTable({
      columns: [
        { header: 'location', kind: 'text' },
        { header: 'price', kind: 'number', decimals: 0 },
        { header: 'yield', kind: 'number', decimals: 2, minDecimals: 2 }
      ],
      rows: [
        ['ikoyi', 24_800_000, 8.6],
        ['east-legon\nx', null, 5]
      ]
    })
    expect(text).toBe(
      [
        'location           price  yield',
        '------------  ----------  -----',
        'ikoyi         24,800,000   8.60',
        'east-legon x           —   5.00',
        ''
      ].join('\n')
    )
  })

  it('JSON is one pretty-printed document', () => {
    expect(JSON.parse(renderJson({ a: [1, null] }))).toEqual({ a: [1, null] })
  })
})

describe('gross yield', () => {
  it('annual rent ÷ sale price in percent, rent per month × 12', () => {
    const ngn = (amount: number) => ({ amount, currency: 'NGN' })
    expect(grossYieldPercent(ngn(13_100_000), ngn(179_000_000), 'year')).toBe(7.32)
    expect(grossYieldPercent(ngn(100), ngn(12_000), 'month')).toBe(10)
    expect(grossYieldPercent(ngn(100), { amount: 12_000, currency: 'USD' }, 'year')).toBeNull()
    expect(grossYieldPercent(ngn(100), ngn(0), 'year')).toBeNull()
  })
})

describe('CLI wording', () => {
  it('phrases the next steps with the CLI options and MARKET_API_KEY, never "Settings"', () => {
    const rejected = ERRORS.keyRejected({ status: 401, serviceMessage: 'Invalid API key.' })
    expect(describeError(rejected, 'cli')).toBe(
      'The service rejected the API key (HTTP 401): "Invalid API key." Set a valid API key in MARKET_API_KEY.'
    )
    expect(describeError(ERRORS.headersTimeout('x', 200), 'cli')).toBe(
      'The service at x did not answer within 0.2 s. Try again later, or raise --timeout-ms.'
    )
    expect(describeError(ERRORS.unreachable('x'), 'cli')).toBe(
      'Could not reach the service at x. Check your connection and --base-url, then try again.'
    )
    const plain = { code: 'INTERNAL' as const, message: 'Something else\nentirely.' }
    expect(neutraliseText(describeError(plain, 'cli'), 'terminal')).toBe('Something else entirely.')
    for (const step of NEXT_STEPS) {
      expect(nextStepText({ nextStep: step }, 'cli')).not.toMatch(/settings/i)
    }
  })
})
