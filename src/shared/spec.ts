/**
 * The Property Market Data Service contract (../shared/SERVICE-SPEC.md) as zod schemas.
 * Shared by the embedded service (what it answers), the client (what it accepts) and tests.
 * Schemas are non-strict: extra fields from a real service are tolerated.
 */
import { z } from 'zod'

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
export const BedsSchema = z.string().trim().min(1).max(32)

export const LocationSchema = z.object({
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  country: z.string(),
  country_code: z.string()
})
export type Location = z.infer<typeof LocationSchema>

export const LocationsPayloadSchema = z.object({
  sector: z.string(),
  locations: z.array(LocationSchema)
})
export type LocationsPayload = z.infer<typeof LocationsPayloadSchema>

export const ResidentialPricePayloadSchema = z.object({
  price: z.number().finite(),
  beds: z.string(),
  location: z.string(),
  country_code: z.string(),
  currency: z.string()
})
export type ResidentialPricePayload = z.infer<typeof ResidentialPricePayloadSchema>

export const PERIOD_PATTERN = /^(\d{4})-(\d{4})$/
export const GrowthPayloadSchema = z.object({
  growth: z.number().finite(),
  period: z.string().regex(PERIOD_PATTERN, 'must be written <start_year>-<end_year>')
})
export type GrowthPayload = z.infer<typeof GrowthPayloadSchema>

/** Undocumented in the spec; `unit` says what the price is per (e.g. `sqm`, `plot`). */
export const LandPricePayloadSchema = z.object({
  price: z.number().finite(),
  currency: z.string(),
  location: z.string().optional(),
  country_code: z.string().optional(),
  unit: z.string().optional()
})
export type LandPricePayload = z.infer<typeof LandPricePayloadSchema>

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data })
}

/** Error body used by the embedded service; a real service may answer anything else. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z
    .object({
      code: z.string(),
      details: z.unknown().optional()
    })
    .optional()
})
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>

/** Route paths relative to the configured base URL. */
export const SERVICE_PATHS = {
  locations: 'locations',
  residentialPrices: 'residential-prices',
  growth: 'growth',
  landPrices: 'land-prices'
} as const

export const API_KEY_HEADER = 'API-KEY'
