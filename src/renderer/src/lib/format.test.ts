import { describe, expect, it } from 'vitest'
import { asRead, plain } from '../../../../test/support/renderer/text'
import { formatGrowth, formatGrowthReadings, formatMoney, formatPrice, plural } from './format'

describe('formatPrice', () => {
  it('shows large prices compact to three significant digits, with the exact figure beside', () => {
    expect(plain(formatPrice(1_340_000_000, 'NGN').text)).toBe('NGN 1.34B')
    expect(plain(formatPrice(1_340_000_000, 'NGN').exact)).toBe('NGN 1,340,000,000')
    expect(plain(formatPrice(128_000_000, 'NGN').text)).toBe('NGN 128M')
    expect(plain(formatPrice(6_430_000, 'NGN').text)).toBe('NGN 6.43M')
    expect(plain(formatPrice(128_000_000, 'NGN').exact)).toBe('NGN 128,000,000')
  })

  it('keeps prices under a million exact (nothing to gain from compacting them)', () => {
    const price = formatPrice(450_000, 'NGN')
    expect(plain(price.text)).toBe('NGN 450,000')
    expect(price.exact).toBe(price.text)
  })

  it('falls back to "<code> <number>" for a code Intl does not know', () => {
    expect(plain(formatPrice(2_500_000, 'ZZ1').text)).toBe('ZZ1 2.5M')
    expect(plain(formatPrice(2_500_000, 'ZZ1').exact)).toBe('ZZ1 2,500,000')
  })
})

describe('formatMoney compact', () => {
  it('gives derived values three significant digits, not false precision', () => {
    expect(plain(formatMoney(21_570_365, 'NGN', { compact: true }))).toBe('NGN 21.6M')
  })
})

describe('formatGrowth', () => {
  it('shows growth signed with one decimal', () => {
    expect(formatGrowth(0.048)).toBe('+4.8%')
    expect(formatGrowth(0.2655)).toBe('+26.6%')
    expect(formatGrowth(-0.031)).toBe('-3.1%')
    expect(formatGrowth(0)).toBe('0.0%')
  })
})

describe('formatGrowthReadings', () => {
  const read = (...args: Parameters<typeof formatGrowthReadings>) => {
    const readings = formatGrowthReadings(...args)
    return {
      stated: asRead(readings.stated),
      other: readings.other && asRead(readings.other),
      text: asRead(readings.text)
    }
  }

  it('reads a per-year figure per year first, then the total it compounds to over the period', () => {
    expect(read(0.099, 'per-year', '2020-2025')).toEqual({
      stated: '+9.9%/yr',
      other: '≈ +60% over 2020–25',
      text: '+9.9%/yr (≈ +60% over 2020–25)'
    })
  })

  it('reads a total figure as a total first, then the per-year rate it spreads to', () => {
    expect(read(0.603, 'total', '2020-2025')).toEqual({
      stated: '+60.3% over 2020–25',
      other: '≈ +9.9%/yr',
      text: '+60.3% over 2020–25 (≈ +9.9%/yr)'
    })
  })

  it('gives the same number a different pair of readings under each growth meaning', () => {
    expect(read(0.05, 'per-year', '2020-2025').other).toBe('≈ +28% over 2020–25')
    expect(read(0.05, 'total', '2020-2025').other).toBe('≈ +0.98%/yr')
  })

  it('signs falls in both readings', () => {
    expect(read(-0.03, 'per-year', '2020-2025').text).toBe('-3.0%/yr (≈ -14% over 2020–25)')
    expect(read(-0.19, 'total', '2023-2025').text).toBe('-19.0% over 2023–25 (≈ -10%/yr)')
  })

  it('joins the period so a narrow cell breaks only before "over", never inside "2020–25"', () => {
    const { stated } = formatGrowthReadings(0.6, 'total', '2020-2025')
    expect(stated).toMatch(/^\+60\.0% over\u00a02020–\u206025$/)
  })

  it('writes the end year in full across a century', () => {
    expect(read(0.02, 'per-year', '1998-2003').other).toBe('≈ +10% over 1998–2003')
  })

  it('has only the stated reading without a whole-year period, or for a loss of 100 %', () => {
    expect(read(0.099, 'per-year', undefined)).toEqual({
      stated: '+9.9%/yr',
      other: undefined,
      text: '+9.9%/yr'
    })
    expect(read(0.4, 'total', 'recent').text).toBe('+40.0% total')
    expect(read(-1, 'total', '2020-2025').text).toBe('-100.0% over 2020–25')
  })
})

describe('plural', () => {
  it('says the count with its noun, singular only for one', () => {
    expect(plural(1, 'figure')).toBe('1 figure')
    expect(plural(0, 'figure')).toBe('0 figures')
    expect(plural(1200, 'cached result is', 'cached results are')).toBe('1,200 cached results are')
  })
})
