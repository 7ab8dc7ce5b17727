import { describe, expect, it } from 'vitest'
import { suspectUnits } from './plausibility'

describe('suspectUnits', () => {
  it('accepts figures property markets do see', () => {
    expect(suspectUnits({ growth: [0.03, 0.4, -0.2, 0.95], grossYield: [0.02, 0.09, 0.25] })).toBe(
      undefined
    )
    expect(suspectUnits({})).toBe(undefined)
  })

  it('names the most implausible growth: percentages read as fractions', () => {
    expect(suspectUnits({ growth: [0.05, 7.5, 26.1, -2] })).toEqual({ growth: 26.1 })
  })

  it('names a yield from yearly rent read as monthly, or monthly rent read as yearly', () => {
    expect(suspectUnits({ grossYield: [0.07 * 12, 0.92] })).toEqual({ grossYield: 0.92 })
    expect(suspectUnits({ grossYield: [0.06 / 12, 0.05] })).toEqual({ grossYield: 0.005 })
    expect(suspectUnits({ growth: [0.1], grossYield: [0] })).toEqual({ grossYield: 0 })
  })
})
