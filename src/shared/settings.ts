/** User settings: persisted by main (never containing the API key in plain text). */
import { z } from 'zod'
import { BedTypeSchema, defaultBedTypes } from './bed-types'
import { DEFAULT_GROWTH_MEANING, GROWTH_MEANINGS } from './growth'

/** v2: bed types carry an optional label ({ value, label }); see src/main/settings/migrations.ts. */
export const SETTINGS_SCHEMA_VERSION = 2

// --- Reading the figures: bed types with names, what a growth figure means (issue 14, 6–7) ---
export { DEFAULT_BED_TYPES } from './bed-types'
export const BedTypesSchema = z.array(BedTypeSchema).min(1).max(24)
export const GrowthMeaningSchema = z.enum(GROWTH_MEANINGS)
// --- end ---

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/** Why a base URL is unacceptable, or undefined when it is fine. */
export function baseUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return 'must be a full URL such as https://api.example.com/v1'
  const url = new URL(value)
  const loopbackHttp = url.protocol === 'http:' && isLoopbackHost(url.hostname)
  if (url.protocol !== 'https:' && !loopbackHttp) {
    return 'must use https (plain http is only allowed for localhost / 127.0.0.1)'
  }
  if (url.username || url.password || url.search || url.hash) {
    return 'must not contain credentials, a query string or a fragment'
  }
  return undefined
}

/** https, or http only for a loopback host. Empty string means "not configured". */
export const BaseUrlSchema = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(2048)
    .superRefine((value, ctx) => {
      const problem = baseUrlProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
])

export const TimeoutsSchema = z.object({
  connectMs: z.number().int().min(100).max(120_000),
  headersMs: z.number().int().min(100).max(300_000),
  bodyMs: z.number().int().min(100).max(300_000)
})
export type Timeouts = z.infer<typeof TimeoutsSchema>

export const SettingsSchema = z.object({
  connectionMode: z.enum(['demo', 'remote']),
  baseUrl: BaseUrlSchema,
  parameterPlacement: z.enum(['query', 'body', 'both']),
  timeouts: TimeoutsSchema,
  rentPeriod: z.enum(['year', 'month']),
  growthUnit: z.enum(['percent', 'fraction']),
  growthMeaning: GrowthMeaningSchema,
  bedTypes: BedTypesSchema,
  offlineMode: z.boolean(),
  theme: z.enum(['system', 'light', 'dark'])
})
export type Settings = z.infer<typeof SettingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  connectionMode: 'demo',
  baseUrl: '',
  parameterPlacement: 'query',
  timeouts: { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 },
  rentPeriod: 'year',
  growthUnit: 'percent',
  growthMeaning: DEFAULT_GROWTH_MEANING,
  bedTypes: defaultBedTypes(),
  offlineMode: false,
  theme: 'system'
}

/** What the renderer may change: any subset of the settings; timeouts may be partial too. */
export const SettingsUpdateSchema = SettingsSchema.omit({ timeouts: true })
  .partial()
  .extend({ timeouts: TimeoutsSchema.partial().optional() })
  .strict()
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>
