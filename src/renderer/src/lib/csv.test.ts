import { describe, expect, it } from 'vitest'
import { compareCsvFilename, escapeCsvCell, toCsv } from './csv'

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

describe('compareCsvFilename', () => {
  it('uses the local date', () => {
    expect(compareCsvFilename(new Date(2025, 0, 9, 23, 30))).toBe('market-compare-2025-01-09.csv')
  })
})
