/** The dataset file format served by the embedded service, validated on load. */
import { z } from 'zod'

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case hyphenated slug')
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be an upper-case two-letter country code')
const positiveWhole = z.number().int('must be a whole number').positive('must be a positive number')
const bedPrices = z.record(z.string().min(1).max(32), positiveWhole)
const bedGrowth = z.record(z.string().min(1).max(32), z.number().finite())

export const ResidentialEntrySchema = z.object({
  slug,
  name: z.string().min(1),
  city: z.string().min(1),
  country_code: countryCode,
  prices: z.object({ rent: bedPrices, sale: bedPrices }),
  growth: z.object({ rent: bedGrowth, sale: bedGrowth })
})
export type ResidentialEntry = z.infer<typeof ResidentialEntrySchema>

export const LandEntrySchema = z.object({
  slug,
  name: z.string().min(1),
  city: z.string().min(1),
  country_code: countryCode,
  price: positiveWhole,
  unit: z.string().min(1),
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
    z.object({ name: z.string().min(1), currency: z.string().regex(/^[A-Z]{3}$/) })
  ),
  residential: z.array(ResidentialEntrySchema),
  land: z.array(LandEntrySchema)
})
export type DatasetFile = z.infer<typeof DatasetFileSchema>
