/**
 * Request parameters: from the query string and/or a JSON body on the GET (the query wins).
 * Each route's parameters are one zod object (answers.ts takes their names from it). Every
 * bad parameter is reported at once, with the allowed values where there is a fixed set.
 */
import { z } from 'zod'
import { CountryCodeSchema, SECTORS, SlugSchema, TRANSACTION_TYPES } from '@shared/spec'
import { isRecord } from '@shared/validation'
import type { Outcome, ParameterProblem } from './errors'
import { invalidParameters } from './errors'

export type RawParams = Record<string, unknown>

const MAX_VALUE_LENGTH = 120

/** Merges body and query parameters; values from the query string win on conflict. */
export function mergeParams(query: unknown, body: unknown): Outcome<RawParams> {
  const fromQuery = isRecord(query) ? query : {}
  if (body === undefined || body === null) return { ok: true, value: fromQuery }
  if (isRecord(body)) return { ok: true, value: { ...body, ...fromQuery } }
  const message =
    'The JSON body must be an object of parameters, e.g. {"location": "lekki-phase-1"}.'
  return { ok: false, error: { code: 'MALFORMED_BODY', message } }
}

/**
 * A required parameter's text, which `check` accepts (as it normalises it) or refuses with
 * `problem`. Missing, null and '' are absent ("is required"); numbers and booleans (from JSON
 * bodies) are taken as their text. Every problem names the `allowed` values, when there is a set.
 */
function param<T extends string>(
  check: (text: string) => T | undefined,
  problem = '',
  allowed?: readonly string[]
) {
  return z.unknown().transform((value, ctx): T => {
    const fail = (message: string): never => {
      ctx.addIssue({ code: 'custom', message, params: { allowed } })
      return z.NEVER
    }
    if (value === undefined || value === null || value === '') return fail('is required')
    if (Array.isArray(value)) return fail('was given more than once')
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return fail('must be a string')
    const text = String(value).trim()
    if (text.length > MAX_VALUE_LENGTH)
      return fail(`must be at most ${MAX_VALUE_LENGTH} characters`)
    return check(text) ?? fail(problem)
  })
}

/** Optional: missing, null and '' are undefined; a value given is checked as a required one. */
const optional = <T>(schema: z.ZodType<T>) =>
  z.preprocess((value) => (value === null || value === '' ? undefined : value), schema.optional())

const text = param((value) => value)

/** One of `allowed`, in any case; its problems name the allowed values. */
const oneOf = <T extends string>(allowed: readonly T[]) =>
  param(
    (value) => allowed.find((option) => option === value.toLowerCase()),
    'must be one of the allowed values',
    allowed
  )

/** A value `schema` accepts (as it normalises it), else `problem`. */
const matching = (schema: z.ZodType<string>, problem: string) =>
  param((value) => schema.safeParse(value).data, problem)

/** `location` and `country_code`, which every lookup of a place takes. */
const place = {
  location: matching(SlugSchema, 'must be a lower-case hyphenated slug such as lekki-phase-1'),
  country_code: matching(
    CountryCodeSchema,
    'must be a two-letter ISO 3166-1 country code such as NG'
  )
}

/** The parameters `schema` reads, or every problem found in them as one INVALID_PARAMETERS. */
export function parseWith<S extends z.ZodType>(schema: S, params: RawParams): Outcome<z.output<S>> {
  const parsed = schema.safeParse(params)
  if (parsed.success) return { ok: true, value: parsed.data }
  const problems = parsed.error.issues.map((issue): ParameterProblem => {
    const allowed = issue.code === 'custom' ? (issue.params?.['allowed'] as string[]) : undefined
    const problem = { parameter: String(issue.path[0]), problem: issue.message }
    return allowed ? { ...problem, allowed } : problem
  })
  return { ok: false, error: invalidParameters(problems) }
}

const sector = oneOf(SECTORS)
export const LOCATIONS_PARAMS = z.object({ sector })
const forBeds = { type: oneOf(TRANSACTION_TYPES), beds: text }
export const RESIDENTIAL_PRICE_PARAMS = z.object({ ...place, ...forBeds })
/** Residential growth is per transaction type and bed type: both are required for it. */
export const RESIDENTIAL_GROWTH_PARAMS = z.object({ ...place, sector, ...forBeds })
/** Other sectors' growth takes no type or bed type (a value given is still checked). */
export const OTHER_GROWTH_PARAMS = RESIDENTIAL_GROWTH_PARAMS.extend({
  type: optional(oneOf(TRANSACTION_TYPES)),
  beds: optional(text)
})
export const LAND_PRICE_PARAMS = z.object(place)

export const isResidential = (params: RawParams): boolean =>
  sector.safeParse(params['sector']).data === 'residential'

export type PlaceParams = z.output<typeof LAND_PRICE_PARAMS>
export type ResidentialPriceParams = z.output<typeof RESIDENTIAL_PRICE_PARAMS>
export type GrowthParams = z.output<typeof OTHER_GROWTH_PARAMS>
