import { describe, expect, it } from 'vitest'
import { yieldWithFormula } from './rental-yield'

describe('yieldWithFormula', () => {
  it('annualises monthly rent and says so in the formula', () => {
    const outcome = yieldWithFormula(
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

  it('passes on why there is no yield (currencies differ, no sale price)', () => {
    expect(
      yieldWithFormula({ amount: 1, currency: 'NGN' }, { amount: 10, currency: 'GHS' }, 'year')
    ).toEqual({ ok: false, reason: 'Rent is in NGN and sale in GHS' })
  })
})
