import { describe, expect, it } from 'vitest'
import {
  annualGrowthRate,
  formatPeriod,
  growthFieldName,
  growthLabel,
  impliedPathExplanation,
  parsePeriod,
  totalGrowth
} from './growth'

describe('growthLabel', () => {
  it('says which the figure is, with the period from the payload', () => {
    expect(growthLabel('per-year', '2020-2025')).toBe('avg per year, 2020–2025')
    expect(growthLabel('total', '2020-2025')).toBe('total, 2020–2025')
  })

  it('still says which without a period, and shows an unparsed period as it came', () => {
    expect(growthLabel('per-year')).toBe('avg per year')
    expect(growthLabel('total', '  ')).toBe('total')
    expect(growthLabel('total', 'last five years')).toBe('total, last five years')
  })

  it('gives the CLI field names the same words', () => {
    expect(growthFieldName('per-year')).toBe('growth_avg_per_year')
    expect(growthFieldName('total', 'rent_')).toBe('rent_growth_total')
  })
})

describe('parsePeriod / formatPeriod', () => {
  it('parses <start>-<end> and rejects malformed or reversed periods', () => {
    expect(parsePeriod('2020-2025')).toEqual({ startYear: 2020, endYear: 2025 })
    expect(parsePeriod('2025-2020')).toBeUndefined()
    expect(parsePeriod('last five years')).toBeUndefined()
    expect(formatPeriod('2020-2025')).toBe('2020–2025')
  })
})

describe('annualGrowthRate', () => {
  it('takes a per-year figure as the rate itself', () => {
    expect(annualGrowthRate(0.141, 'per-year', 5)).toBe(0.141)
  })

  it('spreads a total geometrically: 29.7 % over 5 years is about 5.3 % a year, not 29.7 %', () => {
    const rate = annualGrowthRate(0.297, 'total', 5)
    expect(rate).toBeCloseTo(Math.pow(1.297, 1 / 5) - 1, 12)
    expect(rate).toBeCloseTo(0.0534, 4)
    expect(Math.pow(1 + (rate ?? 0), 5)).toBeCloseTo(1.297, 12)
  })

  it('spreads a total fall the same way', () => {
    expect(annualGrowthRate(-0.19, 'total', 2)).toBeCloseTo(-0.1, 12)
  })

  it('has no rate for a loss of 100 % or more, or a period of no whole years', () => {
    expect(annualGrowthRate(-1, 'total', 5)).toBeUndefined()
    expect(annualGrowthRate(-1.5, 'per-year', 5)).toBeUndefined()
    expect(annualGrowthRate(0.2, 'total', 0)).toBeUndefined()
    expect(annualGrowthRate(Number.NaN, 'per-year', 5)).toBeUndefined()
  })
})

describe('totalGrowth', () => {
  it('compounds a per-year rate over the years: 9.9 % a year for 5 years is about 60 %', () => {
    expect(totalGrowth(0.099, 5)).toBeCloseTo(Math.pow(1.099, 5) - 1, 12)
    expect(totalGrowth(0.099, 5)).toBeCloseTo(0.603, 3)
  })

  it('undoes annualGrowthRate for a total', () => {
    const rate = annualGrowthRate(-0.19, 'total', 2) ?? Number.NaN
    expect(totalGrowth(rate, 2)).toBeCloseTo(-0.19, 12)
  })

  it('has no total for a rate of −100 % or less, or no whole years', () => {
    expect(totalGrowth(-1, 5)).toBeUndefined()
    expect(totalGrowth(0.05, 0)).toBeUndefined()
    expect(totalGrowth(0.05, 2.5)).toBeUndefined()
    expect(totalGrowth(Number.POSITIVE_INFINITY, 5)).toBeUndefined()
  })
})

describe('impliedPathExplanation', () => {
  it('says the path ends at the period’s end year, at the service’s current average price', () => {
    for (const meaning of ['per-year', 'total'] as const) {
      const text = impliedPathExplanation(meaning, 2025)
      expect(text).toContain('ends in 2025, the period’s end year')
      expect(text).toContain('current average price')
      expect(text).not.toContain('today')
    }
  })
})
