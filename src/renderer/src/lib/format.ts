/** Number, money and date formatting with Intl, in the user's locale. */
import { annualGrowthRate, parsePeriod, totalGrowth } from '@shared/growth'
import type { GrowthMeaning, GrowthPeriod } from '@shared/growth'

const LOCALE: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language

const moneyFormats = new Map<string, Intl.NumberFormat | null>()

function moneyFormat(currency: string, compact: boolean): Intl.NumberFormat | null {
  const cacheKey = `${currency}|${compact}`
  let format = moneyFormats.get(cacheKey)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency,
        ...(compact
          ? { notation: 'compact' as const, maximumSignificantDigits: 3 }
          : { maximumFractionDigits: 0 })
      })
    } catch {
      format = null // not an ISO 4217 code: fall back to "<code> <number>"
    }
    moneyFormats.set(cacheKey, format)
  }
  return format
}

const plainNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })
const compactNumber = new Intl.NumberFormat(LOCALE, {
  notation: 'compact',
  maximumSignificantDigits: 3
})

/** `45000000, 'NGN'` → `NGN 45,000,000` (or `₦45,000,000`, depending on the locale). */
export function formatMoney(value: number, currency: string, options?: { compact?: boolean }) {
  const compact = options?.compact ?? false
  const format = moneyFormat(currency, compact)
  if (format) return format.format(value)
  return `${currency} ${(compact ? compactNumber : plainNumber).format(value)}`
}

/** From this amount up, prices read better compact (`NGN 128M`) than in full. */
const COMPACT_PRICE_FROM = 1_000_000

interface PriceText {
  /** What the table shows: compact from a million up (`NGN 1.34B`), otherwise in full. */
  text: string
  /** The figure in full (`NGN 1,340,000,000`), for tooltips and exports. */
  exact: string
}

/** A price as shown in tables, with its exact figure for the tooltip. */
export function formatPrice(value: number, currency: string): PriceText {
  const exact = formatMoney(value, currency)
  if (Math.abs(value) < COMPACT_PRICE_FROM) return { text: exact, exact }
  return { text: formatMoney(value, currency, { compact: true }), exact }
}

export const formatNumber = (value: number): string => plainNumber.format(value)

/** "1 figure", "3 figures": a count and its noun (`many` when it is not `one` + "s"). */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`

const percentFormat = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2
})

const growthFormat = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero'
})

/** Average growth (a fraction) signed with one decimal: `0.048` → `+4.8%`. */
export const formatGrowth = (fraction: number): string => growthFormat.format(fraction)

// A derived reading is approximate (it assumes even compounding): two significant digits.
const approxGrowthFormat = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  minimumSignificantDigits: 2,
  maximumSignificantDigits: 2,
  signDisplay: 'exceptZero'
})

/** A growth figure in both readings, the stated one first (as the growth-meaning setting reads it). */
export interface GrowthReadings {
  /** As the service states it: `+9.9%/yr`, or `+60.4% over 2020–25`. */
  stated: string
  /** The other reading it implies, marked approximate: `≈ +60% over 2020–25`, `≈ +9.9%/yr`. */
  other: string | undefined
  /** Both: `+9.9%/yr (≈ +60% over 2020–25)`; the stated one alone when there is no other. */
  text: string
}

/**
 * `2020-2025` → `2020–25` (the end year in full across a century). A word joiner after the dash
 * keeps a narrow cell from breaking the period in two.
 */
function shortPeriod({ startYear, endYear }: GrowthPeriod): string {
  const sameCentury = Math.floor(startYear / 100) === Math.floor(endYear / 100)
  return `${startYear}–\u2060${sameCentury ? String(endYear).slice(-2) : endYear}`
}

/**
 * A growth fraction read as `meaning` over `period` ("2020-2025"), with the other reading it
 * implies: a per-year rate compounded over the period's years, or a total spread over them.
 * Without a whole-year period there is no other reading.
 */
export function formatGrowthReadings(
  fraction: number,
  meaning: GrowthMeaning,
  period: string | undefined
): GrowthReadings {
  const parsed = period === undefined ? undefined : parsePeriod(period)
  const span = parsed && shortPeriod(parsed)
  const years = parsed ? parsed.endYear - parsed.startYear : 0
  const perYear = (text: string) => `${text}/yr`
  // No-break spaces (and the period's word joiner): a narrow cell wraps only before "over".
  const total = (text: string) => (span ? `${text} over\u00a0${span}` : `${text} total`)
  const stated = (meaning === 'per-year' ? perYear : total)(formatGrowth(fraction))
  const implied =
    meaning === 'per-year'
      ? totalGrowth(fraction, years)
      : annualGrowthRate(fraction, meaning, years)
  if (implied === undefined) return { stated, other: undefined, text: stated }
  const other = `≈\u00a0${(meaning === 'per-year' ? total : perYear)(approxGrowthFormat.format(implied))}`
  return { stated, other, text: `${stated} (${other})` }
}

/** A fraction as a percentage with two decimals: `0.0751` → `7.51%`. */
export function formatPercent(fraction: number, options?: { signed?: boolean }): string {
  const text = percentFormat.format(fraction)
  return options?.signed && fraction > 0 ? `+${text}` : text
}

/** A date formatter that says `unknown` for what is not a date. */
function dateFormatter(options: Intl.DateTimeFormatOptions, unknown: string) {
  const format = new Intl.DateTimeFormat(LOCALE, options)
  return (iso: string | number | Date): string => {
    const date = new Date(iso)
    return Number.isNaN(date.getTime()) ? unknown : format.format(date)
  }
}

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const
export const formatDateTime = dateFormatter(
  { ...DAY, hour: '2-digit', minute: '2-digit' },
  'unknown time'
)
export const formatDate = dateFormatter(DAY, 'unknown date')
export const formatTime = dateFormatter(
  { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  'unknown time'
)

/** `3 min ago`, `2 h ago`, `5 days ago`; `just now` under a minute. */
export function formatAge(iso: string | number | Date, now: number = Date.now()): string {
  const ms = now - new Date(iso).getTime()
  if (!Number.isFinite(ms)) return 'unknown'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.floor(hours / 24)} days ago`
}

/** Approximate size for humans: `512 B`, `14.2 KB`, `3.1 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Local calendar date as `YYYY-MM-DD`. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${day}`
}

/** The host of a URL (`api.example.com:8443`), or the text itself when it is not one. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url
}
