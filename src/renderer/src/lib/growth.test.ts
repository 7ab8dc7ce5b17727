import { describe, expect, it } from 'vitest'
import {
  derivePricePath,
  growthToFraction,
  MAX_PRICE_PATH_POINTS,
  parsePeriod,
  perYearRate
} from './growth'
import type { GrowthMeaning } from './growth'

describe('growthToFraction', () => {
  it('reads percent values and fractions as the same growth', () => {
    expect(growthToFraction(7.5, 'percent')).toBeCloseTo(0.075, 12)
    expect(growthToFraction(0.075, 'fraction')).toBe(0.075)
    expect(growthToFraction(-2, 'percent')).toBeCloseTo(-0.02, 12)
  })
})

describe('parsePeriod', () => {
  it('parses <start>-<end> and rejects malformed or reversed periods', () => {
    expect(parsePeriod('2020-2025')).toEqual({ startYear: 2020, endYear: 2025 })
    expect(parsePeriod('2025-2020')).toBeUndefined()
    expect(parsePeriod('last five years')).toBeUndefined()
  })
})

describe('derivePricePath', () => {
  it('steps back from the current price by (1 + g) per year', () => {
    expect(derivePricePath(121, 0.1, { startYear: 2023, endYear: 2025 })).toEqual([
      { year: 2023, value: 100 },
      { year: 2024, value: 110 },
      { year: 2025, value: 121 }
    ])
  })

  it('ends at the current price and rises back in time when growth is negative', () => {
    const path = derivePricePath(1_000_000, -0.05, { startYear: 2020, endYear: 2025 })
    expect(path).toHaveLength(6)
    expect(path.at(-1)).toEqual({ year: 2025, value: 1_000_000 })
    expect(path[0]?.value).toBe(Math.round(1_000_000 / Math.pow(0.95, 5)))
  })

  it('gives nothing for growth of -100 % or worse', () => {
    expect(derivePricePath(100, -1, { startYear: 2020, endYear: 2025 })).toEqual([])
  })

  it('never lets one answer size the chart: a 10,000-year period gives the last years only', () => {
    const path = derivePricePath(1_000_000, 0.05, { startYear: 0, endYear: 9999 })
    expect(path).toHaveLength(MAX_PRICE_PATH_POINTS)
    expect(MAX_PRICE_PATH_POINTS).toBeLessThanOrEqual(51)
    expect(path.at(-1)).toEqual({ year: 9999, value: 1_000_000 })
    expect(path[0]?.year).toBe(9999 - MAX_PRICE_PATH_POINTS + 1)
  })

  it('leaves out values too large or small to draw', () => {
    const path = derivePricePath(1_000_000, -0.9999999999, { startYear: 1950, endYear: 2000 })
    expect(path.every((point) => Number.isFinite(point.value))).toBe(true)
    expect(path.at(-1)).toEqual({ year: 2000, value: 1_000_000 })
  })
})

describe('the price path a growth figure implies (its per-year rate, compounded)', () => {
  const period = { startYear: 2020, endYear: 2025 }
  const impliedPricePath = (price: number, fraction: number, meaning: GrowthMeaning) =>
    derivePricePath(price, perYearRate(fraction, meaning, '2020-2025') ?? Number.NaN, period)

  it('compounds a per-year figure every year', () => {
    const path = impliedPricePath(1_000_000, 0.1, 'per-year')
    expect(path).toEqual(derivePricePath(1_000_000, 0.1, period))
    expect(path[0]?.value).toBe(Math.round(1_000_000 / Math.pow(1.1, 5)))
  })

  it('spreads a total over the period: 29.7 % total rises 1.297×, not a 3.7× climb', () => {
    const path = impliedPricePath(1_297_000, 0.297, 'total')
    expect(path).toHaveLength(6)
    expect(path.at(-1)).toEqual({ year: 2025, value: 1_297_000 })
    expect(path[0]?.value).toBe(1_000_000)
    const perYear = impliedPricePath(1_297_000, 0.297, 'per-year')
    expect((perYear.at(-1)?.value ?? 0) / (perYear[0]?.value ?? 1)).toBeCloseTo(3.67, 2)
    // Equal yearly steps: the ratio of each year to the one before is the same.
    const ratios = path.slice(1).map((point, i) => point.value / (path[i]?.value ?? 1))
    for (const ratio of ratios) expect(ratio).toBeCloseTo(Math.pow(1.297, 1 / 5), 4)
  })

  it('draws nothing for a total loss of 100 %', () => {
    expect(impliedPricePath(100, -1, 'total')).toEqual([])
  })
})

describe('perYearRate', () => {
  it('reads the years from the payload period', () => {
    expect(perYearRate(0.21, 'total', '2023-2025')).toBeCloseTo(0.1, 12)
    expect(perYearRate(0.05, 'per-year', '2020-2025')).toBe(0.05)
    expect(perYearRate(0.05, 'per-year', 'recently')).toBe(0.05)
    expect(perYearRate(0.3, 'total', 'recently')).toBeUndefined()
  })
})
