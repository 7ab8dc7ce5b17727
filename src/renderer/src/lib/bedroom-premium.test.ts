import { describe, expect, it } from 'vitest'
import { bedroomPremium } from './bedroom-premium'

const ngn = (beds: string, value: number | undefined) => ({ beds, value, currency: 'NGN' })

describe('bedroomPremium', () => {
  it('gives what each step to the next bed type adds, in the order given', () => {
    const steps = bedroomPremium([ngn('1', 100), ngn('2', 150), ngn('3', 180)])
    expect(steps.map((s) => [s.fromBeds, s.toBeds, s.added, s.perBedroom])).toEqual([
      ['1', '2', 50, 50],
      ['2', '3', 30, 30]
    ])
    expect(steps[0]?.fraction).toBeCloseTo(0.5)
  })

  it('spreads a gap over the bedrooms it spans and skips bed types without a value', () => {
    const [step] = bedroomPremium([ngn('1', 100), ngn('2', undefined), ngn('4', 400)])
    expect(step).toMatchObject({
      fromBeds: '1',
      toBeds: '4',
      added: 300,
      bedrooms: 3,
      perBedroom: 100
    })
  })

  it('counts a step between named bed types as one, and can be negative', () => {
    expect(bedroomPremium([ngn('studio', 90), ngn('duplex', 60)])).toMatchObject([
      { bedrooms: 1, added: -30, perBedroom: -30 }
    ])
  })

  it('never compares different currencies, zero or missing values', () => {
    expect(
      bedroomPremium([ngn('1', 100), { beds: '2', value: 5, currency: 'USD' }, ngn('3', 0)])
    ).toEqual([])
    expect(bedroomPremium([])).toEqual([])
  })
})
