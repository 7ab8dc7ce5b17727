import { describe, expect, it } from 'vitest'
import {
  FORMULA_STARTS,
  HOSTILE_CELLS,
  hasHiddenControl,
  parseCsv,
  spreadsheetWouldRun
} from '../../../../test/support/shared/hostile-text'
import { escapeCsvCell } from '@shared/untrusted-text'
import { csvFilename, toCsv } from './csv'

describe('escapeCsvCell', () => {
  it('quotes cells with commas, quotes or line breaks and doubles quotes', () => {
    expect(escapeCsvCell('Lekki, Phase 1')).toBe('"Lekki, Phase 1"')
    expect(escapeCsvCell('the "best" one')).toBe('"the ""best"" one"')
    expect(escapeCsvCell('two\nlines')).toBe('"two\nlines"')
    expect(escapeCsvCell(' padded ')).toBe('" padded "')
    expect(escapeCsvCell('plain')).toBe('plain')
  })

  it('writes numbers as numbers and empties as empty', () => {
    expect(escapeCsvCell(-1.25)).toBe('-1.25')
    expect(escapeCsvCell(45_000_000)).toBe('45000000')
    expect(escapeCsvCell(null)).toBe('')
    expect(escapeCsvCell(undefined)).toBe('')
    expect(escapeCsvCell(Number.NaN)).toBe('')
  })

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(escapeCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(escapeCsvCell('+1')).toBe("'+1")
    expect(escapeCsvCell('@sum')).toBe("'@sum")
    expect(escapeCsvCell('-2+3')).toBe("'-2+3")
    expect(escapeCsvCell('\uff1d1+1')).toBe("'\uff1d1+1")
  })

  it('neutralises a formula start after leading whitespace or a line break', () => {
    expect(escapeCsvCell(' =1+1')).toBe("' =1+1")
    expect(escapeCsvCell('\n-1+1')).toBe('"\'\n-1+1"')
    expect(escapeCsvCell('\t@x')).toBe("'\t@x")
  })

  it('replaces ESC, C1 and bidi controls with a visible mark', () => {
    expect(escapeCsvCell('red\u001b[31m')).toBe('red\ufffd[31m')
    expect(escapeCsvCell('a\u009bb')).toBe('a\ufffdb')
    expect(escapeCsvCell('abc\u202edcba')).toBe('abc\ufffddcba')
    expect(escapeCsvCell('x\u2066y\u2069')).toBe('x\ufffdy\ufffd')
  })

  it('no hostile cell survives the CSV as a formula or a control', () => {
    for (const cell of HOSTILE_CELLS) {
      const [[read = ''] = []] = parseCsv(toCsv([[cell]]))
      expect(spreadsheetWouldRun(read), JSON.stringify(cell)).toBe(false)
      expect(hasHiddenControl(read), JSON.stringify(cell)).toBe(false)
    }
    expect(FORMULA_STARTS).toContain('-')
  })
})

describe('toCsv', () => {
  it('joins rows with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, 'x,y']
      ])
    ).toBe('a,b\r\n1,"x,y"\r\n')
  })
})

describe('csvFilename', () => {
  it('names what the file holds and the local date', () => {
    const lateEvening = new Date(2025, 0, 9, 23, 30)
    expect(csvFilename('compare', lateEvening)).toBe('market-compare-2025-01-09.csv')
    expect(csvFilename('rankings', lateEvening)).toBe('market-rankings-2025-01-09.csv')
    expect(csvFilename('observed-history', lateEvening)).toBe(
      'market-observed-history-2025-01-09.csv'
    )
  })
})
