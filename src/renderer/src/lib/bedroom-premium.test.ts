import { describe, expect, it } from 'vitest'
import {
  bedroomCount,
  bedroomPremium,
  bedroomPremiumSteps,
  nextSmallerBeds
} from './bedroom-premium'

describe('bedroomCount', () => {
  it('counts plain numbers only', () => {
    expect(bedroomCount('3')).toBe(3)
    expect(bedroomCount(' 2 ')).toBe(2)
    expect(bedroomCount('studio')).toBeUndefined()
    expect(bedroomCount('3-duplex')).toBeUndefined()
  })
})

describe('nextSmallerBeds', () => {
  it('picks the bed type with the most bedrooms below', () => {
    expect(nextSmallerBeds(['1', '2', '3', '4'], '3')).toBe('2')
    expect(nextSmallerBeds(['4', '1', 'studio'], '4')).toBe('1')
  })

  it('has nothing below the smallest, or for a value that is not a number', () => {
    expect(nextSmallerBeds(['1', '2'], '1')).toBeUndefined()
    expect(nextSmallerBeds(['1', 'studio'], 'studio')).toBeUndefined()
  })
})

describe('bedroomPremium', () => {
  const price = (beds: string, value: number, currency = 'NGN') => ({
    beds,
    price: value,
    currency
  })

  it('is the price difference per extra bedroom', () => {
    const outcome = bedroomPremium(price('2', 50_000_000), price('3', 68_000_000))
    expect(outcome.ok && outcome.perBedroom).toBe(18_000_000)
    expect(outcome.ok && outcome.currency).toBe('NGN')
  })

  it('spreads a gap of several bedrooms evenly', () => {
    const outcome = bedroomPremium(price('1', 30_000_000), price('4', 90_000_000))
    expect(outcome.ok && outcome.perBedroom).toBe(20_000_000)
    expect(outcome.ok && outcome.formula).toContain('÷ 3')
  })

  it('reports a negative premium as it is', () => {
    const outcome = bedroomPremium(price('2', 60), price('3', 50))
    expect(outcome.ok && outcome.perBedroom).toBe(-10)
  })

  it('refuses different currencies, reversed order and non-numeric beds', () => {
    expect(bedroomPremium(price('2', 1, 'NGN'), price('3', 2, 'GHS')).ok).toBe(false)
    expect(bedroomPremium(price('3', 1), price('2', 2)).ok).toBe(false)
    expect(bedroomPremium(price('studio', 1), price('2', 2)).ok).toBe(false)
  })
})

const ngn = (beds: string, value: number | undefined) => ({ beds, value, currency: 'NGN' })

describe('bedroomPremiumSteps', () => {
  it('gives what each step to the next bed type adds, in the order given', () => {
    const steps = bedroomPremiumSteps([ngn('1', 100), ngn('2', 150), ngn('3', 180)])
    expect(steps.map((s) => [s.fromBeds, s.toBeds, s.added, s.perBedroom])).toEqual([
      ['1', '2', 50, 50],
      ['2', '3', 30, 30]
    ])
    expect(steps[0]?.fraction).toBeCloseTo(0.5)
  })

  it('spreads a gap over the bedrooms it spans and skips bed types without a value', () => {
    const [step] = bedroomPremiumSteps([ngn('1', 100), ngn('2', undefined), ngn('4', 400)])
    expect(step).toMatchObject({
      fromBeds: '1',
      toBeds: '4',
      added: 300,
      bedrooms: 3,
      perBedroom: 100
    })
  })

  it('counts a step between named bed types as one, and can be negative', () => {
    expect(bedroomPremiumSteps([ngn('studio', 90), ngn('duplex', 60)])).toMatchObject([
      { bedrooms: 1, added: -30, perBedroom: -30 }
    ])
  })

  it('never compares different currencies, zero or missing values', () => {
    expect(
      bedroomPremiumSteps([ngn('1', 100), { beds: '2', value: 5, currency: 'USD' }, ngn('3', 0)])
    ).toEqual([])
    expect(bedroomPremiumSteps([])).toEqual([])
  })
})
