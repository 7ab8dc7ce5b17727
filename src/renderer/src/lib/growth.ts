import { annualGrowthRate, parsePeriod } from '@shared/growth'
import type { GrowthMeaning, GrowthPeriod } from '@shared/growth'
import type { Settings } from '@shared/settings'
import { MAX_PERIOD_YEARS } from '@shared/spec'

export { growthLabel, parsePeriod } from '@shared/growth'
export type { GrowthMeaning, GrowthPeriod } from '@shared/growth'

/** `percent`: 7.5 means 7.5 %; `fraction`: 0.075 means 7.5 %. Returns the fraction. */
export function growthToFraction(value: number, unit: Settings['growthUnit']): number {
  return unit === 'percent' ? value / 100 : value
}

/**
 * A growth figure as the settings read it: `fraction` as the service states it (per year or
 * total), and `perYear`, the per-year rate it implies (a total spread over the period; undefined
 * when none).
 */
export function growthValue(
  figure: { growth: number; period: string },
  settings: Pick<Settings, 'growthUnit' | 'growthMeaning'>
) {
  const fraction = growthToFraction(figure.growth, settings.growthUnit)
  const perYear = perYearRate(fraction, settings.growthMeaning, figure.period)
  return { fraction, period: figure.period, perYear }
}
export type GrowthValue = ReturnType<typeof growthValue>

/**
 * Most points one derived path has, whatever the answer says: the client refuses periods longer
 * than MAX_PERIOD_YEARS, but a cached answer from before that check may hold any period.
 */
export const MAX_PRICE_PATH_POINTS = MAX_PERIOD_YEARS + 1

/**
 * The yearly values implied by an average annual growth rate, derived backwards from the current
 * price: value(year) = price ÷ (1 + g)^(endYear − year). NOT observed prices. Only the last
 * MAX_PRICE_PATH_POINTS years, and only values that can be drawn (finite).
 */
export function derivePricePath(
  currentPrice: number,
  growthFraction: number,
  period: GrowthPeriod
): Array<{ year: number; value: number }> {
  if (!(growthFraction > -1) || !Number.isFinite(currentPrice)) return []
  const points: Array<{ year: number; value: number }> = []
  const firstYear = Math.max(period.startYear, period.endYear - MAX_PRICE_PATH_POINTS + 1)
  for (let year = firstYear; year <= period.endYear; year++) {
    const value = Math.round(currentPrice / Math.pow(1 + growthFraction, period.endYear - year))
    if (Number.isFinite(value)) points.push({ year, value })
  }
  return points
}

/** The per-year rate of a growth figure over its payload period ("2020-2025"), if it has one. */
export function perYearRate(
  fraction: number,
  meaning: GrowthMeaning,
  period: string
): number | undefined {
  const parsed = parsePeriod(period)
  if (meaning === 'total' && !parsed) return undefined
  return annualGrowthRate(fraction, meaning, parsed ? parsed.endYear - parsed.startYear : 0)
}
