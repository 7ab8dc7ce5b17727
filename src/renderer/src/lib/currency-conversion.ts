/**
 * Display currency: figures converted with exchange rates the user typed in, each dated. There is
 * no network source: a rate is exactly what the user entered, and every converted figure says
 * which rate (and of which day) it used.
 */
import { z } from 'zod'
import { formatNumber, isoDay } from './format'

const MAX_EXCHANGE_RATES = 40

const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'a three-letter code such as USD')

/** Rates outside these are slips of the keyboard, and would show figures as ∞ or 0. */
const RATE_BOUNDS = { min: 1e-9, max: 1e9 } as const

/** A rate as typed: plain decimals ("0.0006", "1600"); anything else ("0x10", "1e3") is NaN. */
export function parseRateText(text: string): number {
  return /^\s*(?:\d+\.?\d*|\.\d+)\s*$/.test(text) ? Number(text) : Number.NaN
}

/** 1 `from` = `rate` `to`, as of `asOf`. */
export const ExchangeRateSchema = z
  .object({
    from: CurrencyCodeSchema,
    to: CurrencyCodeSchema,
    rate: z
      .number({ error: 'a decimal number such as 0.0006' })
      .min(RATE_BOUNDS.min, 'at least 0.000000001')
      .max(RATE_BOUNDS.max, 'at most 1000000000'),
    asOf: z.iso.date({ error: 'a real calendar date such as 2026-11-01' })
  })
  .strict()
  .refine((rate) => rate.from !== rate.to, 'a rate needs two different currencies')
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>

/** A rate being entered: valid, and dated no later than `today` (`YYYY-MM-DD`). */
export const rateEntrySchema = (today: string) =>
  ExchangeRateSchema.refine((rate) => rate.asOf <= today, {
    path: ['asOf'],
    message: 'a day no later than today'
  })

export const DisplayCurrencyPrefsSchema = z
  .object({
    /** The currency figures are also shown in; null: none (figures only in their own currency). */
    currency: CurrencyCodeSchema.nullable(),
    rates: z.array(ExchangeRateSchema).max(MAX_EXCHANGE_RATES)
  })
  .strict()
export type DisplayCurrencyPrefs = z.infer<typeof DisplayCurrencyPrefsSchema>

export const NO_DISPLAY_CURRENCY: DisplayCurrencyPrefs = { currency: null, rates: [] }

/** How one currency turns into another: the factor, and the rate entered for it. */
interface RateUse {
  factor: number
  asOf: string
  /** True when the entered rate is for the other direction (to → from) and was inverted. */
  inverted: boolean
}

/**
 * The rate from `from` to `to`: the one entered for that direction, else the inverse of the one
 * entered the other way. When several are entered for a pair, the most recent day wins (a day
 * after `today` counts as today, so it cannot win for ever); on the same day, the last entered.
 */
export function findRate(
  rates: readonly ExchangeRate[],
  from: string,
  to: string,
  today = isoDay(new Date())
): RateUse | undefined {
  const dayOf = (asOf: string): string => (asOf < today ? asOf : today)
  let best: RateUse | undefined
  for (const rate of rates) {
    const direct = rate.from === from && rate.to === to
    const inverse = rate.from === to && rate.to === from
    if (!direct && !inverse) continue
    if (best && dayOf(best.asOf) > dayOf(rate.asOf)) continue
    best = { factor: direct ? rate.rate : 1 / rate.rate, asOf: rate.asOf, inverted: inverse }
  }
  return best
}

type Conversion =
  | { ok: true; amount: number; currency: string; asOf: string | undefined }
  | { ok: false; reason: string }

/** `amount` in `from`, converted to the display currency (unchanged when it is already in it). */
export function convert(amount: number, from: string, prefs: DisplayCurrencyPrefs): Conversion {
  const target = prefs.currency
  if (!target) return { ok: false, reason: 'No display currency is chosen' }
  if (!Number.isFinite(amount)) return { ok: false, reason: 'Not a number' }
  if (from === target) return { ok: true, amount, currency: target, asOf: undefined }
  const rate = findRate(prefs.rates, from, target)
  if (!rate) return { ok: false, reason: `No ${from} → ${target} rate entered (Settings)` }
  return { ok: true, amount: amount * rate.factor, currency: target, asOf: rate.asOf }
}

/** The two halves of a converted figure: "≈ USD 81,000" and "(rate of 2026-11-01)". */
export function convertedParts(
  amount: number,
  from: string,
  prefs: DisplayCurrencyPrefs
): { approx: string; rate: string } | undefined {
  const converted = convert(amount, from, prefs)
  if (!converted.ok || converted.asOf === undefined) return undefined
  return {
    approx: `≈ ${converted.currency} ${formatNumber(converted.amount)}`,
    rate: `(rate of ${converted.asOf})`
  }
}

/** The rates with `next` added, replacing any entered for the same pair and day. */
export function withRate(rates: readonly ExchangeRate[], next: ExchangeRate): ExchangeRate[] {
  const others = rates.filter(
    (rate) => !(rate.from === next.from && rate.to === next.to && rate.asOf === next.asOf)
  )
  return [...others, next].slice(-MAX_EXCHANGE_RATES)
}
