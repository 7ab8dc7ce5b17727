/** The dataset file format served by the embedded service, validated on load. */
import { z } from 'zod'
import { SlugSchema, TEXT_LIMITS } from '@shared/spec'

/** Within the limits the client accepts (TEXT_LIMITS): every answer the service gives is used. */
const placeText = z.string().min(1).max(TEXT_LIMITS.place)
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be an upper-case two-letter country code')
const positiveWhole = z.number().int('must be a whole number').positive('must be a positive number')
const bedPrices = z.record(z.string().min(1).max(TEXT_LIMITS.short), positiveWhole)
const bedGrowth = z.record(z.string().min(1).max(TEXT_LIMITS.short), z.number().finite())

/** Where an entry is: the fields a Location is made of. */
const PLACE = { slug: SlugSchema, name: placeText, city: placeText, country_code: countryCode }

export const ResidentialEntrySchema = z.object({
  ...PLACE,
  prices: z.object({ rent: bedPrices, sale: bedPrices }),
  growth: z.object({ rent: bedGrowth, sale: bedGrowth })
})
export type ResidentialEntry = z.infer<typeof ResidentialEntrySchema>

export const LandEntrySchema = z.object({
  ...PLACE,
  price: positiveWhole,
  unit: z.string().min(1).max(TEXT_LIMITS.short),
  growth: z.number().finite()
})
export type LandEntry = z.infer<typeof LandEntrySchema>

export const DatasetFileSchema = z.object({
  schemaVersion: z.literal(1),
  name: z.string().min(1),
  illustrative: z.boolean(),
  notice: z.string().min(1),
  latestYear: z.number().int().min(1900).max(3000),
  /** Growth figures are average growth per year, in percent, over this many years to latestYear. */
  periodYears: z.number().int().positive(),
  generator: z.object({ script: z.string(), seed: z.number().int() }),
  countries: z.record(
    countryCode,
    z.object({ name: placeText, currency: z.string().regex(/^[A-Z]{3}$/) })
  ),
  residential: z.array(ResidentialEntrySchema),
  land: z.array(LandEntrySchema)
})
export type DatasetFile = z.infer<typeof DatasetFileSchema>
