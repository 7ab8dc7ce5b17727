/**
 * The Property Market Data Service contract (docs/service-contract.md) as zod schemas.
 * Shared by the embedded service (what it answers), the client (what it accepts) and tests.
 * Schemas are non-strict: extra fields from a real service are tolerated.
 */
import { z } from 'zod'
import { replaceHiddenControls } from './untrusted-text'
import { refineWith } from './validation'

export const SECTORS = ['residential', 'land'] as const
export const SectorSchema = z.enum(SECTORS)
export type Sector = z.infer<typeof SectorSchema>

export const TRANSACTION_TYPES = ['rent', 'sale'] as const
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES)
export type TransactionType = z.infer<typeof TransactionTypeSchema>

/** ISO 3166-1 alpha-2, accepted in any case, normalised to upper case. */
export const CountryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166-1 country code')
  .transform((value) => value.toUpperCase())

/** Lower-case hyphenated slug, e.g. `lekki-phase-1`. */
export const SlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case hyphenated slug')

/** Bed values are not published by the service: an opaque, short, non-empty string. */
export const BED_VALUE_MAX = 32
export const BedsSchema = z.string().trim().min(1).max(BED_VALUE_MAX)

/**
 * The longest text the service may answer in each kind of field: longer is not market data, and
 * the answer is refused as BAD_RESPONSE naming the field. The embedded service's dataset is held
 * to the same limits (src/service/dataset-schema.ts).
 */
export const TEXT_LIMITS = {
  /** Names, slugs, cities and countries of places. */
  place: 512,
  /** Country codes and currencies. */
  code: 8,
  /** Bed values, units, sectors. */
  short: 32,
  period: 16,
  message: 1024
} as const

const boundedText = (max: number) => z.string().max(max, `must be at most ${max} characters`)
/** Service text that is shown, printed or drawn: bounded, bidi and control characters replaced. */
const shownText = (max: number) => boundedText(max).transform(replaceHiddenControls)

/** A location the service lists without a name is listed by its slug (not as a blank row). */
export const LocationSchema = z
  .object({
    name: shownText(TEXT_LIMITS.place),
    slug: boundedText(TEXT_LIMITS.place),
    city: shownText(TEXT_LIMITS.place),
    country: shownText(TEXT_LIMITS.place),
    country_code: boundedText(TEXT_LIMITS.code)
  })
  .transform((place) => (place.name.trim() ? place : { ...place, name: place.slug }))
export type Location = z.infer<typeof LocationSchema>

export const LocationsPayloadSchema = z.object({
  sector: boundedText(TEXT_LIMITS.short),
  locations: z.array(LocationSchema)
})
export type LocationsPayload = z.infer<typeof LocationsPayloadSchema>

/**
 * Plausibility bounds on what the service answers. Values outside them are not market data
 * (a negative price, growth of -1e308, a 10,000-year period) and are refused as BAD_RESPONSE.
 * Prices: any currency and unit (per sqm up to a whole estate), so only from 1 (the spec's whole
 * number: 0.004 would show as 0 and rank first) to below 10^15.
 */
export const MAX_PLAUSIBLE_PRICE = 1e15
/**
 * Growth is read as a percent or a fraction (a user setting): -100..1000 holds every plausible
 * figure in both units (a fraction's -1..10 lies inside it), and no rate loses more than 100 %.
 */
export const GROWTH_BOUNDS = { min: -100, max: 1000 } as const
export const PERIOD_YEAR_BOUNDS = { min: 1900, max: 2100 } as const
/** A growth figure is an average over a few years; 50 is generous. */
export const MAX_PERIOD_YEARS = 50

export const PriceSchema = z
  .number()
  .finite()
  .gte(1, 'must be a positive amount of at least 1')
  .lt(MAX_PLAUSIBLE_PRICE, `must be below ${MAX_PLAUSIBLE_PRICE.toExponential()}`)

export const GrowthSchema = z
  .number()
  .finite()
  .min(GROWTH_BOUNDS.min, `must be at least ${GROWTH_BOUNDS.min}`)
  .max(GROWTH_BOUNDS.max, `must be at most ${GROWTH_BOUNDS.max}`)

export const ResidentialPricePayloadSchema = z.object({
  price: PriceSchema,
  beds: boundedText(TEXT_LIMITS.short),
  location: boundedText(TEXT_LIMITS.place),
  country_code: boundedText(TEXT_LIMITS.code),
  currency: shownText(TEXT_LIMITS.code)
})
export type ResidentialPricePayload = z.infer<typeof ResidentialPricePayloadSchema>

export const PERIOD_PATTERN = /^(\d{4})-(\d{4})$/

/** Why a `<start_year>-<end_year>` period is implausible, or undefined when it is fine. */
export function periodProblem(period: string): string | undefined {
  const match = PERIOD_PATTERN.exec(period)
  if (!match) return 'must be written <start_year>-<end_year>'
  const [start, end] = [Number(match[1]), Number(match[2])]
  const { min, max } = PERIOD_YEAR_BOUNDS
  if (start < min || end > max) return `must lie between ${min} and ${max}`
  if (start >= end) return 'must end after it starts'
  if (end - start > MAX_PERIOD_YEARS) return `must span at most ${MAX_PERIOD_YEARS} years`
  return undefined
}

export const PeriodSchema = boundedText(TEXT_LIMITS.period).superRefine(refineWith(periodProblem))

export const GrowthPayloadSchema = z.object({ growth: GrowthSchema, period: PeriodSchema })
export type GrowthPayload = z.infer<typeof GrowthPayloadSchema>

/** Undocumented in the spec; `unit` says what the price is per (e.g. `sqm`, `plot`). */
export const LandPricePayloadSchema = ResidentialPricePayloadSchema.omit({ beds: true })
  .partial({ location: true, country_code: true })
  .extend({ unit: shownText(TEXT_LIMITS.short).optional() })
export type LandPricePayload = z.infer<typeof LandPricePayloadSchema>

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: boundedText(TEXT_LIMITS.message), data })
}

/** Error body used by the embedded service; a real service may answer anything else. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ code: z.string(), details: z.unknown().optional() }).optional()
})

export const API_KEY_HEADER = 'API-KEY'
