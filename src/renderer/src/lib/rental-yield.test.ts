import { describe, expect, it } from 'vitest'
import { annualRent, grossYield } from './rental-yield'

describe('annualRent', () => {
  it('multiplies monthly rent by 12 and keeps yearly rent', () => {
    expect(annualRent(250_000, 'month')).toBe(3_000_000)
    expect(annualRent(3_000_000, 'year')).toBe(3_000_000)
  })
})

describe('grossYield', () => {
  it('is annual rent ÷ sale price for yearly rent', () => {
    const outcome = grossYield(
      { amount: 3_000_000, currency: 'NGN' },
      { amount: 50_000_000, currency: 'NGN' },
      'year'
    )
    expect(outcome.ok && outcome.fraction).toBeCloseTo(0.06, 10)
  })

  it('annualises monthly rent and says so in the formula', () => {
    const outcome = grossYield(
      { amount: 250_000, currency: 'NGN' },
      { amount: 50_000_000, currency: 'NGN' },
      'month'
    )
    if (!outcome.ok) throw new Error('expected a yield')
    expect(outcome.fraction).toBeCloseTo(0.06, 10)
    expect(outcome.annualRent).toBe(3_000_000)
    expect(outcome.formula).toContain('× 12')
    expect(outcome.formula).toContain('6.00%')
    expect(outcome.formula).toMatch(/^Gross yield = annual rent ÷ sale price = /)
  })

  it('refuses to divide prices in different currencies or by zero', () => {
    expect(
      grossYield({ amount: 1, currency: 'NGN' }, { amount: 10, currency: 'GHS' }, 'year')
    ).toEqual({ ok: false, reason: 'Rent is in NGN and sale in GHS' })
    expect(
      grossYield({ amount: 1, currency: 'NGN' }, { amount: 0, currency: 'NGN' }, 'year').ok
    ).toBe(false)
  })
})
