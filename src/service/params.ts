/**
 * Request parameters: from the query string and/or a JSON body on the GET (the query wins).
 * Every bad parameter is reported at once, with the allowed values where there is a fixed set.
 */
import type { z } from 'zod'
import { CountryCodeSchema, SECTORS, SlugSchema, TRANSACTION_TYPES } from '@shared/spec'
import { isRecord } from '@shared/validation'
import type { Sector, TransactionType } from '@shared/spec'
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
  return { ok: false, error: { status: 400, code: 'MALFORMED_BODY', message } }
}

class ParamReader {
  readonly problems: ParameterProblem[] = []
  constructor(private readonly params: RawParams) {}

  /** A string value; numbers and booleans (from JSON bodies) are taken as their text. */
  text(name: string, required: boolean): string | undefined {
    const value = this.params[name]
    if (value === undefined || value === null || value === '') {
      if (required) this.reject(name, 'is required')
      return undefined
    }
    if (Array.isArray(value)) return this.reject(name, 'was given more than once')
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return this.reject(name, 'must be a string')
    }
    const text = String(value).trim()
    if (text.length > MAX_VALUE_LENGTH) {
      return this.reject(name, `must be at most ${MAX_VALUE_LENGTH} characters`)
    }
    return text
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], required: boolean): T | undefined {
    const value = this.text(name, required)
    if (value === undefined) {
      if (required) this.attachAllowed(name, allowed)
      return undefined
    }
    const match = allowed.find((option) => option === value.toLowerCase())
    if (!match)
      this.problems.push({ parameter: name, problem: `must be one of the allowed values`, allowed })
    return match
  }

  /** A required value `schema` accepts (as it normalises it), else `problem`. */
  matching(name: string, schema: z.ZodType<string>, problem: string): string | undefined {
    const value = this.text(name, true)
    if (value === undefined) return undefined
    const parsed = schema.safeParse(value)
    return parsed.success ? parsed.data : this.reject(name, problem)
  }

  /** `location` and `country_code`, which every lookup of a place takes. */
  place(): PlaceParams {
    const location = this.matching(
      'location',
      SlugSchema,
      'must be a lower-case hyphenated slug such as lekki-phase-1'
    )
    const country = this.matching(
      'country_code',
      CountryCodeSchema,
      'must be a two-letter ISO 3166-1 country code such as NG'
    )
    // Read only when every parameter is valid (see finish).
    return { location: location as string, countryCode: country as string }
  }

  private reject(parameter: string, problem: string): undefined {
    this.problems.push({ parameter, problem })
    return undefined
  }

  private attachAllowed(name: string, allowed: readonly string[]): void {
    const problem = this.problems.find((entry) => entry.parameter === name)
    if (problem) problem.allowed = allowed
  }

  finish<T>(value: () => T): Outcome<T> {
    return this.problems.length > 0
      ? { ok: false, error: invalidParameters(this.problems) }
      : { ok: true, value: value() }
  }
}

export function parseLocationsParams(params: RawParams): Outcome<{ sector: Sector }> {
  const reader = new ParamReader(params)
  const sector = reader.oneOf('sector', SECTORS, true)
  return reader.finish(() => ({ sector: sector as Sector }))
}

export interface PlaceParams {
  location: string
  countryCode: string
}

export interface ResidentialPriceParams extends PlaceParams {
  type: TransactionType
  beds: string
}

export function parseResidentialPriceParams(params: RawParams): Outcome<ResidentialPriceParams> {
  const reader = new ParamReader(params)
  const place = reader.place()
  const type = reader.oneOf('type', TRANSACTION_TYPES, true)
  const beds = reader.text('beds', true)
  return reader.finish(() => ({ ...place, type: type as TransactionType, beds: beds as string }))
}

export interface GrowthParams extends PlaceParams {
  sector: Sector
  type?: TransactionType
  beds?: string
}

export function parseGrowthParams(params: RawParams): Outcome<GrowthParams> {
  const reader = new ParamReader(params)
  const place = reader.place()
  const sector = reader.oneOf('sector', SECTORS, true)
  const residential = sector === 'residential'
  const type = reader.oneOf('type', TRANSACTION_TYPES, residential)
  const beds = reader.text('beds', residential)
  return reader.finish(() => ({
    ...place,
    sector: sector as Sector,
    ...(residential ? { type, beds } : {})
  }))
}

export function parseLandPriceParams(params: RawParams): Outcome<PlaceParams> {
  const reader = new ParamReader(params)
  const place = reader.place()
  return reader.finish(() => place)
}
