/**
 * What a growth figure means, in one place for the app and the CLI: the maths of the implied
 * yearly rate and the words every label uses. A service's growth figure is either an average
 * per-year rate over its period (compounded yearly) or the total change over the period (spread
 * geometrically over its years).
 */
import { PERIOD_PATTERN } from './spec'

export const GROWTH_MEANINGS = ['per-year', 'total'] as const
export type GrowthMeaning = (typeof GROWTH_MEANINGS)[number]
export const DEFAULT_GROWTH_MEANING: GrowthMeaning = 'per-year'

/** The short words every label uses: "avg per year, 2020–2025" or "total, 2020–2025". */
export const GROWTH_MEANING_WORDS: Readonly<Record<GrowthMeaning, string>> = {
  'per-year': 'avg per year',
  total: 'total'
}

/** The setting's choices: "The growth figure is: average per year / total over the period". */
export const GROWTH_MEANING_CHOICES: Readonly<Record<GrowthMeaning, string>> = {
  'per-year': 'average per year',
  total: 'total over the period'
}

export interface GrowthPeriod {
  startYear: number
  endYear: number
}

/** `2020-2025` → { startYear: 2020, endYear: 2025 }; undefined when malformed or reversed. */
export function parsePeriod(period: string): GrowthPeriod | undefined {
  const [, start, end] = PERIOD_PATTERN.exec(period.trim()) ?? []
  const [startYear, endYear] = [Number(start), Number(end)]
  return endYear > startYear ? { startYear, endYear } : undefined
}

/** `2020-2025` → `2020–2025`; anything else as it is. */
export function formatPeriod(period: string): string {
  const parsed = parsePeriod(period)
  return parsed ? `${parsed.startYear}–${parsed.endYear}` : period
}

/** "avg per year, 2020–2025", "total, 2020–2025", or without a period "avg per year". */
export function growthLabel(meaning: GrowthMeaning, period?: string): string {
  const words = GROWTH_MEANING_WORDS[meaning]
  const shown = period?.trim() ? formatPeriod(period) : ''
  return shown ? `${words}, ${shown}` : words
}

/** `growth_avg_per_year` / `rent_growth_total`: the CLI's field name, from the meaning's words. */
export function growthFieldName(meaning: GrowthMeaning, prefix = ''): string {
  return `${prefix}growth_${GROWTH_MEANING_WORDS[meaning].replaceAll(' ', '_')}`
}

/**
 * The per-year rate a figure implies, as a fraction: a per-year figure is the rate itself; a
 * total G over `years` years is spread geometrically, (1 + G)^(1/years) − 1. Undefined when no
 * rate exists (a loss of 100 % or more, or a period of no whole years).
 */
export function annualGrowthRate(
  fraction: number,
  meaning: GrowthMeaning,
  years: number
): number | undefined {
  if (!Number.isFinite(fraction) || !(fraction > -1)) return undefined
  if (meaning === 'per-year') return fraction
  if (!Number.isInteger(years) || years < 1) return undefined
  return Math.pow(1 + fraction, 1 / years) - 1
}

/**
 * The total change a per-year rate compounds to over `years` years, (1 + g)^years − 1, as a
 * fraction. Undefined when no total exists (a rate of −100 % or less, or no whole years).
 */
export function totalGrowth(perYear: number, years: number): number | undefined {
  if (!Number.isFinite(perYear) || !(perYear > -1)) return undefined
  if (!Number.isInteger(years) || years < 1) return undefined
  return Math.pow(1 + perYear, years) - 1
}

/**
 * How the implied price path is drawn from a figure of this meaning: where it ends (the period's
 * end year, at the service's current average price) and how it steps back.
 */
export function impliedPathExplanation(meaning: GrowthMeaning, endYear?: number): string {
  const end = endYear === undefined ? 'the period’s end year' : `${endYear}, the period’s end year`
  const ends = `Each line ends in ${end}, at the service’s current average price (its latest figure, placed at the period’s end),`
  return meaning === 'per-year'
    ? `${ends} and steps back one year at a time at the average yearly rate: value(year) = price ÷ (1 + growth)^(end year − year).`
    : `${ends} and spreads the total growth evenly over the period’s years: yearly rate = (1 + total growth)^(1 ÷ years) − 1, so the line rises by exactly the total from start to end.`
}
