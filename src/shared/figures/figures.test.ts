import { describe, expect, it } from 'vitest'
import { asGrowthFigure, asPriceFigure, grossYield } from './figures'

describe('figures', () => {
  it('reads a price (residential or land) only when its amount is a finite number', () => {
    expect(asPriceFigure({ price: 5_000_000, currency: 'NGN', beds: '2' })).toEqual({
      price: 5_000_000,
      currency: 'NGN'
    })
    expect(asPriceFigure({ price: 12, currency: 'NGN', unit: 'sqm' })).toEqual({
      price: 12,
      currency: 'NGN',
      unit: 'sqm'
    })
    for (const bad of [NaN, Infinity, -Infinity, '5000', null]) {
      expect(asPriceFigure({ price: bad, currency: 'NGN' })).toBeUndefined()
    }
    expect(asPriceFigure({ price: 1 })).toBeUndefined()
    expect(asPriceFigure([1, 'NGN'])).toBeUndefined()
  })

  it('reads a growth only when it is a finite number with a period', () => {
    expect(asGrowthFigure({ growth: 4.8, period: '2020-2025' })).toEqual({
      growth: 4.8,
      period: '2020-2025'
    })
    expect(asGrowthFigure({ growth: NaN, period: '2020-2025' })).toBeUndefined()
    expect(asGrowthFigure({ growth: 4.8 })).toBeUndefined()
  })

  it('works out gross yield from annual rent, per year or per month', () => {
    const sale = { amount: 100_000_000, currency: 'NGN' }
    expect(grossYield({ amount: 6_000_000, currency: 'NGN' }, sale, 'year')).toEqual({
      ok: true,
      fraction: 0.06,
      annualRent: 6_000_000
    })
    expect(grossYield({ amount: 500_000, currency: 'NGN' }, sale, 'month')).toEqual({
      ok: true,
      fraction: 0.06,
      annualRent: 6_000_000
    })
    expect(grossYield({ amount: 1, currency: 'USD' }, sale, 'year')).toEqual({
      ok: false,
      reason: 'Rent is in USD and sale in NGN'
    })
    expect(grossYield({ amount: 1, currency: 'NGN' }, { ...sale, amount: 0 }, 'year').ok).toBe(
      false
    )
  })
})
