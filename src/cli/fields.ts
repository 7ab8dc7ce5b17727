/**
 * zod schemas for option values, with messages that read after the option name
 * ("--sector must be residential or land, not "house""). Built on the shared contract schemas.
 */
import { z } from 'zod'
import { bedTypeLabel, DEFAULT_BED_TYPES } from '@shared/bed-types'
import { describeIssues } from '@shared/validation'
import { GROWTH_MEANINGS } from '@shared/growth'
import {
  BED_VALUE_MAX,
  CountryCodeSchema,
  SECTORS,
  SlugSchema,
  TRANSACTION_TYPES
} from '@shared/spec'

const DEFAULT_COUNTRY = 'NG'

type Issue = { input?: unknown }

const shown = (input: unknown): string => JSON.stringify(input) ?? String(input)

function oneOf(values: readonly string[]) {
  return (issue: Issue): string =>
    issue.input === undefined
      ? 'is required'
      : `must be ${values.slice(0, -1).join(', ')}${values.length > 1 ? ' or ' : ''}${values.at(-1) ?? ''}, not ${shown(issue.input)}`
}

function requiredString(issue: Issue): string | undefined {
  return issue.input === undefined ? 'is required' : undefined
}

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: oneOf(values) })

export const sectorField = choice(SECTORS)
export const typeField = choice(TRANSACTION_TYPES)
export const compareTypeField = choice(['rent', 'sale', 'both'])
export const rentPeriodField = choice(['year', 'month'])
export const placementField = choice(['query', 'body', 'both'])
/** `--growth-is per-year|total`: what the service's growth figure is (default per-year). */
export const growthIsField = choice(GROWTH_MEANINGS)

export const GROWTH_IS_HELP = `  --growth-is MEANING    what the service's growth figure is: per-year (default), an average
                         yearly rate, or total, the change over the whole period; the growth
                         field is named growth_avg_per_year or growth_total accordingly`

/** The words for a bed value in the table and CSV: the provider's known labels, else "3 bed". */
export function bedTypeWords(beds: string): string {
  return bedTypeLabel(beds, DEFAULT_BED_TYPES)
}

export const countryField = z.string({ error: requiredString }).pipe(CountryCodeSchema)

/** Bed values are opaque strings (as BedsSchema in the contract), in the CLI's words. */
const bedValue = z
  .string()
  .trim()
  .min(1, 'is empty')
  .max(BED_VALUE_MAX, `takes bed types of at most ${BED_VALUE_MAX} characters`)

export const bedsField = z
  .string({ error: requiredString })
  .pipe(bedValue)
  .refine((value) => !value.includes(','), 'takes one bed type here (no commas)')

export interface LocationArg {
  slug: string
  /** From a `slug:CC` pair; otherwise the --country value applies. */
  countryCode?: string
}

const LOCATION_PATTERN = /^([^:]*)(?::([^:]*))?$/

function parseLocation(text: string, ctx: z.RefinementCtx): LocationArg | typeof z.NEVER {
  const [, slugText = '', countryText] = LOCATION_PATTERN.exec(text.trim()) ?? []
  const slug = SlugSchema.safeParse(slugText)
  const country = CountryCodeSchema.optional().safeParse(countryText)
  if (slug.success && country.success) {
    const countryCode = country.data
    return countryCode === undefined ? { slug: slug.data } : { slug: slug.data, countryCode }
  }
  const problem = slug.success
    ? 'whose country is not a two-letter code (write slug:GH)'
    : 'which is not a lower-case hyphenated slug such as lekki-phase-1 (a country may follow as slug:GH)'
  ctx.addIssue({ code: 'custom', message: `got ${shown(text)}, ${problem}` })
  return z.NEVER
}

export const locationField = z.string({ error: requiredString }).transform(parseLocation)

/** `--location SLUG[:CC] [--country CC]`: the one location a lookup command asks about. */
export const placeFields = { location: locationField, country: countryField.optional() }

export const placeHelp = (example: string): string =>
  `  --location SLUG[:CC]   location slug, e.g. ${example} or east-legon:GH (required)
  --country CC           its ISO country code when not given as slug:CC (default NG)`

function commaList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

/** `a,b:GH,c` → locations (compare drops a location named twice). */
export const locationListField = z.string({ error: requiredString }).transform((text, ctx) => {
  const parts = commaList(text)
  if (parts.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'needs at least one location slug' })
    return z.NEVER
  }
  return parts.map((part) => parseLocation(part, ctx))
})

/** `2,3` → bed types, duplicates removed. */
export const bedsListField = z
  .string({ error: requiredString })
  .transform((text) => [...new Set(commaList(text))])
  .pipe(z.array(bedValue).min(1, 'needs at least one bed type, e.g. --beds 2,3'))

/** The country for a location: its own `:CC`, else --country, else NG. */
export function countryFor(location: LocationArg, country: string | undefined): string {
  return location.countryCode ?? country ?? DEFAULT_COUNTRY
}

/** `--timeout-ms` as a whole number of milliseconds within the settings' bounds. */
export const timeoutField = z
  .string()
  .regex(/^\d+$/, 'takes a whole number of milliseconds, e.g. --timeout-ms 10000')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(100, 'must be at least 100 ms')
      .max(120_000, 'must be at most 120000 ms (2 minutes)')
  )

/** The options `schema` accepts, or one sentence naming each bad one: `--sector is required; ...`. */
export function parseOptions<S extends z.ZodType>(
  schema: S,
  values: unknown
): { ok: true; value: z.output<S> } | { ok: false; message: string } {
  const parsed = schema.safeParse(values)
  if (parsed.success) return { ok: true, value: parsed.data }
  const where = (path: readonly PropertyKey[]) =>
    typeof path[0] === 'string' ? `--${path[0]}` : ''
  return { ok: false, message: describeIssues(parsed.error.issues, { where }) }
}
