import { describe, expect, it } from 'vitest'
import {
  convert,
  convertedParts,
  ExchangeRateSchema,
  DisplayCurrencyPrefsSchema,
  findRate,
  parseRateText,
  rateEntrySchema,
  withRate
} from './currency-conversion'
import { isoDay } from './format'

const isDisplayCurrencyPrefs = (value: unknown) =>
  DisplayCurrencyPrefsSchema.safeParse(value).success
import type { DisplayCurrencyPrefs, ExchangeRate } from './currency-conversion'

const NGN_USD: ExchangeRate = { from: 'NGN', to: 'USD', rate: 0.0006, asOf: '2026-11-01' }
const USD_GHS: ExchangeRate = { from: 'USD', to: 'GHS', rate: 12.5, asOf: '2026-10-15' }
const prefs = (rates: ExchangeRate[], currency: string | null = 'USD'): DisplayCurrencyPrefs => ({
  currency,
  rates
})

describe('findRate', () => {
  it('uses the rate entered for the direction asked', () => {
    expect(findRate([NGN_USD], 'NGN', 'USD')).toEqual({
      factor: 0.0006,
      asOf: '2026-11-01',
      inverted: false
    })
  })

  it('inverts a rate entered the other way', () => {
    const rate = findRate([USD_GHS], 'GHS', 'USD')
    expect(rate?.factor).toBeCloseTo(0.08, 12)
    expect(rate?.inverted).toBe(true)
  })

  it('takes the most recent day when a pair has several rates', () => {
    const older = { ...NGN_USD, rate: 0.0007, asOf: '2026-01-01' }
    expect(findRate([NGN_USD, older], 'NGN', 'USD')?.factor).toBe(0.0006)
    expect(findRate([older, NGN_USD], 'NGN', 'USD')?.factor).toBe(0.0006)
  })

  it('finds nothing for a pair with no rate', () => {
    expect(findRate([NGN_USD], 'KES', 'USD')).toBeUndefined()
  })
})

describe('convert', () => {
  it('multiplies by the rate and names its day', () => {
    const converted = convert(135_000_000, 'NGN', prefs([NGN_USD]))
    expect(converted.ok && converted.amount).toBeCloseTo(81_000, 6)
    expect(converted.ok && [converted.currency, converted.asOf]).toEqual(['USD', '2026-11-01'])
  })

  it('leaves a figure already in the display currency as it is, with no rate', () => {
    expect(convert(500, 'USD', prefs([]))).toEqual({
      ok: true,
      amount: 500,
      currency: 'USD',
      asOf: undefined
    })
  })

  it('says why when there is no rate or no display currency', () => {
    const noRate = convert(1, 'KES', prefs([NGN_USD]))
    expect(noRate.ok).toBe(false)
    expect(!noRate.ok && noRate.reason).toMatch(/No KES → USD rate/)
    expect(convert(1, 'NGN', prefs([NGN_USD], null)).ok).toBe(false)
  })
})

/** What a converted price reads, as the figure cells show it. */
const convertedText = (amount: number, from: string, prefs: DisplayCurrencyPrefs) => {
  const parts = convertedParts(amount, from, prefs)
  return parts ? `${parts.approx} ${parts.rate}` : undefined
}

describe('convertedParts', () => {
  it('reads "≈ USD 81,000 (rate of 2026-11-01)"', () => {
    expect(convertedText(135_000_000, 'NGN', prefs([NGN_USD]))).toBe(
      '≈ USD 81,000 (rate of 2026-11-01)'
    )
  })

  it('is absent for the display currency itself and for a missing rate', () => {
    expect(convertedText(100, 'USD', prefs([NGN_USD]))).toBeUndefined()
    expect(convertedText(100, 'KES', prefs([NGN_USD]))).toBeUndefined()
  })
})

describe('stored preferences', () => {
  it('accepts valid preferences and refuses malformed ones', () => {
    expect(isDisplayCurrencyPrefs(prefs([NGN_USD]))).toBe(true)
    expect(isDisplayCurrencyPrefs({ currency: null, rates: [] })).toBe(true)
    expect(isDisplayCurrencyPrefs({ currency: 'usd', rates: [] })).toBe(false)
    expect(isDisplayCurrencyPrefs(prefs([{ ...NGN_USD, rate: -1 }]))).toBe(false)
    expect(isDisplayCurrencyPrefs(prefs([{ ...NGN_USD, asOf: '2026-02-30' }]))).toBe(false)
    expect(isDisplayCurrencyPrefs(prefs([{ ...NGN_USD, to: 'NGN' }]))).toBe(false)
    expect(isDisplayCurrencyPrefs({ currency: 'USD' })).toBe(false)
  })

  it('replaces a rate for the same pair and day instead of adding a second', () => {
    const next = withRate([NGN_USD, USD_GHS], { ...NGN_USD, rate: 0.00065 })
    expect(next).toHaveLength(2)
    expect(findRate(next, 'NGN', 'USD')?.factor).toBe(0.00065)
  })
})

describe('hostile rates', () => {
  it('reads only plain decimals: hex, exponents, infinity and separators are not rates', () => {
    for (const text of [
      '0x10',
      '0b1',
      '0o7',
      '1e3',
      '1E-4',
      'Infinity',
      '1,600',
      '',
      ' ',
      '-1',
      '+2'
    ]) {
      expect(parseRateText(text), JSON.stringify(text)).toBeNaN()
    }
    expect(parseRateText(' 0.0006 ')).toBe(0.0006)
    expect(parseRateText('1600')).toBe(1600)
    expect(parseRateText('.5')).toBe(0.5)
    expect(parseRateText('12.')).toBe(12)
  })

  it('refuses rates outside 1e-9 … 1e9, which would show figures as ∞ or 0', () => {
    for (const rate of [1e308, 5e-324, 1e-320, 1e10, 1e-10, Number.NaN]) {
      expect(ExchangeRateSchema.safeParse({ ...NGN_USD, rate }).success, String(rate)).toBe(false)
      expect(isDisplayCurrencyPrefs(prefs([{ ...NGN_USD, rate }])), String(rate)).toBe(false)
    }
    for (const rate of [1e-9, 1e9]) {
      expect(ExchangeRateSchema.safeParse({ ...NGN_USD, rate }).success, String(rate)).toBe(true)
      const text = convertedText(9.9e14, 'NGN', prefs([{ ...NGN_USD, rate }]))
      expect(text).toMatch(/^≈ USD \d/)
      expect(text).not.toMatch(/∞|USD 0 /)
    }
  })

  it('refuses a rate dated after today when it is entered', () => {
    const today = '2026-11-23'
    const entry = rateEntrySchema(today)
    expect(entry.safeParse({ ...NGN_USD, asOf: today }).success).toBe(true)
    const future = entry.safeParse({ ...NGN_USD, asOf: '2062-01-01' })
    expect(future.success).toBe(false)
    expect(future.error?.issues[0]?.path).toEqual(['asOf'])
  })

  it('never lets a stored rate dated in the future win over the rate entered today', () => {
    const future = { ...NGN_USD, rate: 0.5, asOf: '2062-01-01' }
    const current = { ...NGN_USD, rate: 0.0006, asOf: isoDay(new Date()) }
    expect(findRate([future, current], 'NGN', 'USD')?.factor).toBe(0.0006)
    const yesterday = new Date()
    yesterday.setDate(yesterday.getDate() - 1)
    const older = { ...NGN_USD, rate: 0.0007, asOf: isoDay(yesterday) }
    expect(findRate([older, future], 'NGN', 'USD')?.factor).toBe(0.5)
  })
})
