import type { Settings } from '../../../shared/settings'

export type GrowthUnit = Settings['growthUnit']

/** `percent`: 7.5 means 7.5 %; `fraction`: 0.075 means 7.5 %. Returns the fraction. */
export function growthToFraction(value: number, unit: GrowthUnit): number {
  return unit === 'percent' ? value / 100 : value
}

export interface GrowthPeriod {
  startYear: number
  endYear: number
}

/** `2020-2025` → { startYear: 2020, endYear: 2025 }; undefined when malformed or reversed. */
export function parsePeriod(period: string): GrowthPeriod | undefined {
  const match = /^(\d{4})-(\d{4})$/.exec(period.trim())
  if (!match) return undefined
  const startYear = Number(match[1])
  const endYear = Number(match[2])
  return endYear > startYear ? { startYear, endYear } : undefined
}

export function formatPeriod(period: string): string {
  const parsed = parsePeriod(period)
  return parsed ? `${parsed.startYear}–${parsed.endYear}` : period
}

export interface PricePoint {
  year: number
  value: number
}

/**
 * The yearly values implied by an average annual growth rate, derived backwards from the current
 * price: value(year) = price ÷ (1 + g)^(endYear − year). NOT observed prices.
 */
export function derivePricePath(
  currentPrice: number,
  growthFraction: number,
  period: GrowthPeriod
): PricePoint[] {
  if (!(growthFraction > -1) || !Number.isFinite(currentPrice)) return []
  const points: PricePoint[] = []
  for (let year = period.startYear; year <= period.endYear; year++) {
    const value = currentPrice / Math.pow(1 + growthFraction, period.endYear - year)
    points.push({ year, value: Math.round(value) })
  }
  return points
}
