import { describe, expect, it } from 'vitest'
import { DEFAULT_YIELD_ASSUMPTIONS, netYield, parseAssumption } from './net-yield'

describe('netYield', () => {
  it('takes vacancy and service charge off the rent, and adds fees to the move-in cash', () => {
    const result = netYield(1_200, 20_000, {
      serviceChargePercent: 10,
      vacancyMonths: 1,
      feesPercent: 20,
      upfrontYears: 2
    })
    expect(result?.vacancyLoss).toBe(100)
    expect(result?.serviceCharge).toBe(120)
    expect(result?.netAnnualRent).toBe(980)
    expect(result?.fraction).toBeCloseTo(0.049)
    expect(result?.moveInCash).toBe(2_400 + 240)
  })

  it('equals the gross yield with no costs, and has no answer without a price', () => {
    const none = { serviceChargePercent: 0, vacancyMonths: 0, feesPercent: 0, upfrontYears: 0 }
    expect(netYield(1_000, 10_000, none)?.fraction).toBeCloseTo(0.1)
    expect(netYield(1_000, 10_000, none)?.moveInCash).toBe(0)
    expect(netYield(1_000, 0, DEFAULT_YIELD_ASSUMPTIONS)).toBeUndefined()
    expect(netYield(0, 10, DEFAULT_YIELD_ASSUMPTIONS)).toBeUndefined()
  })

  it('can be negative when costs exceed the rent', () => {
    const all = { serviceChargePercent: 50, vacancyMonths: 12, feesPercent: 0, upfrontYears: 1 }
    expect(netYield(1_000, 10_000, all)?.fraction).toBeCloseTo(-0.05)
  })
})

describe('parseAssumption', () => {
  it('reads numbers within the field’s bounds and says why others cannot be used', () => {
    expect(parseAssumption('vacancyMonths', ' 1.5 ')).toEqual({ ok: true, value: 1.5 })
    expect(parseAssumption('feesPercent', '1,0')).toEqual({ ok: true, value: 10 })
    expect(parseAssumption('vacancyMonths', '13')).toEqual({ ok: false, message: 'Enter 0 to 12' })
    expect(parseAssumption('serviceChargePercent', 'ten')).toEqual({
      ok: false,
      message: '“ten” is not a number'
    })
    expect(parseAssumption('upfrontYears', '')).toEqual({ ok: false, message: 'Enter a number' })
  })
})
