import { describe, expect, it } from 'vitest'
import { bedroomCount, bedroomPremium, nextSmallerBeds } from './bedroom-premium'

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
