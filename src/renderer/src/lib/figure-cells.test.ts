import { describe, expect, it } from 'vitest'
import { yieldCell } from './figure-cells'

describe('yieldCell', () => {
  it('annualises monthly rent and spells out the working in its tooltip', () => {
    const cell = yieldCell(
      { price: 250_000, currency: 'NGN' },
      { price: 50_000_000, currency: 'NGN' },
      'month'
    )
    if (cell.status !== 'ok') throw new Error('expected a yield')
    expect(cell.value).toBeCloseTo(0.06, 10)
    expect(cell.tooltip).toContain('× 12')
    expect(cell.tooltip).toContain('6.00%')
    expect(cell.tooltip).toMatch(/^Gross yield = annual rent ÷ sale price = /)
  })

  it('passes on why there is no yield (currencies differ)', () => {
    expect(
      yieldCell({ price: 1, currency: 'NGN' }, { price: 10, currency: 'GHS' }, 'year')
    ).toEqual({ status: 'no-data', reason: 'Rent is in NGN and sale in GHS' })
  })
})
