import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  FORMULA_STARTS,
  HIDDEN_CONTROLS,
  hasHiddenControl,
  hostileText,
  LEADING_BLANKS,
  parseCsv,
  spreadsheetWouldRun
} from '../../test/support/shared/hostile-text'
import { escapeCsvCell, neutraliseText, REPLACED_CONTROL, terminalSafeJson } from './untrusted-text'

describe('neutraliseText for a spreadsheet', () => {
  it('puts an apostrophe before every formula start, after any leading blank', () => {
    for (const blank of LEADING_BLANKS) {
      for (const start of FORMULA_STARTS) {
        const cell = `${blank}${start}1+1`
        expect(neutraliseText(cell, 'spreadsheet'), JSON.stringify(cell)).toBe(`'${cell}`)
      }
    }
    expect(FORMULA_STARTS).toEqual(['=', '+', '-', '@', '＝', '＋', '－', '＠'])
  })

  it('replaces every hidden control, one mark each, and keeps tabs and line breaks', () => {
    for (const control of HIDDEN_CONTROLS) {
      expect(neutraliseText(`a${control}b`, 'spreadsheet')).toBe(`a${REPLACED_CONTROL}b`)
    }
    expect(neutraliseText('two\nlines\tand a tab', 'spreadsheet')).toBe('two\nlines\tand a tab')
  })

  it('leaves ordinary text alone: names, accents, right-to-left script, emoji, inner signs', () => {
    for (const text of [
      'Lekki Phase 1',
      'Ibadan',
      'Café Ngor',
      'القاهرة',
      '3-bed duplex',
      'a=b',
      '🏠'
    ]) {
      expect(neutraliseText(text, 'spreadsheet')).toBe(text)
    }
  })

  it('property: no text comes out as a formula or with a control, read back through CSV', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const [[read = ''] = []] = parseCsv(`${escapeCsvCell(text)}\r\n`)
        return !spreadsheetWouldRun(read) && !hasHiddenControl(read)
      }),
      { numRuns: 2_000 }
    )
  })
})

describe('neutraliseText for a terminal', () => {
  it('one line, no control: cursor moves, 8-bit CSI and bidi overrides become visible marks', () => {
    expect(neutraliseText('\u001b[2J\u001b[Hwiped', 'terminal')).toBe('\ufffd[2J\ufffd[Hwiped')
    expect(neutraliseText('\u009b31mred', 'terminal')).toBe('\ufffd31mred')
    expect(neutraliseText('abc\u202edcba.exe', 'terminal')).toBe('abc\ufffddcba.exe')
    expect(neutraliseText('line\r\nnext\u2028third\tcol', 'terminal')).toBe('line next third col')
    expect(neutraliseText('=1+1', 'terminal')).toBe('=1+1')
  })

  it('property: never a control or a line break', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const shown = neutraliseText(text, 'terminal')
        return !hasHiddenControl(shown) && !/[\n\r\u2028\u2029]/.test(shown)
      }),
      { numRuns: 2_000 }
    )
  })
})

describe('escapeCsvCell and terminalSafeJson', () => {
  it("numbers stay numbers: the app's own negative figures are not text", () => {
    expect(escapeCsvCell(-3.2)).toBe('-3.2')
    expect(escapeCsvCell('-3.2')).toBe("'-3.2")
    expect(escapeCsvCell(Number.POSITIVE_INFINITY)).toBe('')
    expect(escapeCsvCell(undefined)).toBe('')
  })

  it('JSON keeps every value exactly and shows controls as \\u escapes', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const json = terminalSafeJson({ text })
        return !hasHiddenControl(json) && (JSON.parse(json) as { text: string }).text === text
      }),
      { numRuns: 1_000 }
    )
  })
})
