/**
 * Bounds past which a figure is far more likely read in the wrong unit than true: an average
 * growth above +100 % a year (prices doubling every year) or below −50 %; a gross rental yield
 * above 30 % or below 1 %. Reading percentages as fractions multiplies growth by 100; reading
 * yearly rent as monthly multiplies the yield by 12 (and the other way round divides it).
 */
const PLAUSIBLE_GROWTH_PER_YEAR = { min: -0.5, max: 1 } as const
export const PLAUSIBLE_GROSS_YIELD = { min: 0.01, max: 0.3 } as const

/** The most implausible figure of each kind, when any is past its bounds. */
export interface UnitsSuspicion {
  growth?: number | undefined
  grossYield?: number | undefined
}

/** How many times past a bound a value is (above 1: outside; 0: inside). */
function timesOutside(value: number, bounds: { min: number; max: number }): number {
  if (value > bounds.max) return value / bounds.max
  if (value >= bounds.min) return 0
  if (bounds.min < 0) return value / bounds.min
  return value > 0 ? bounds.min / value : Infinity
}

function mostOutside(values: readonly number[], bounds: { min: number; max: number }) {
  const times = (value: number) => (Number.isFinite(value) ? timesOutside(value, bounds) : 0)
  const outside = values.filter((value) => times(value) > 1)
  return outside.sort((a, b) => times(b) - times(a))[0]
}

/** Growth as fractions per year, gross yields as fractions: undefined when all look plausible. */
export function suspectUnits(figures: {
  growth?: readonly number[]
  grossYield?: readonly number[]
}): UnitsSuspicion | undefined {
  const growth = mostOutside(figures.growth ?? [], PLAUSIBLE_GROWTH_PER_YEAR)
  const grossYield = mostOutside(figures.grossYield ?? [], PLAUSIBLE_GROSS_YIELD)
  if (growth === undefined && grossYield === undefined) return undefined
  return { growth, grossYield }
}
