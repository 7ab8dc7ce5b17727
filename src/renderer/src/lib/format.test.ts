import { describe, expect, it } from 'vitest'
import { plain } from '../../../../test/support/renderer/text'
import { formatGrowth, formatMoney, formatPrice } from './format'

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
