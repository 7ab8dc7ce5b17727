/**
 * The four routes: the parameters each reads (its schema in ./params.ts) and what it answers, as
 * plain data: the HTTP layer only serialises it. The answer cache's key is made of a route's
 * parameter names (answer-cache.ts), so equal keys mean equal answers (answers.test.ts checks that
 * each route reads only the names listed).
 */
import type { z } from 'zod'
import type {
  GrowthPayload,
  LandPricePayload,
  LocationsPayload,
  ResidentialPricePayload,
  Sector
} from '@shared/spec'
import type { Dataset } from './dataset'
import { locationKey } from './dataset'
import type { LandEntry, ResidentialEntry } from './dataset-schema'
import type { Outcome, ServiceError } from './errors'
import {
  isResidential,
  LAND_PRICE_PARAMS,
  LOCATIONS_PARAMS,
  OTHER_GROWTH_PARAMS,
  parseWith,
  RESIDENTIAL_GROWTH_PARAMS,
  RESIDENTIAL_PRICE_PARAMS
} from './params'
import type { GrowthParams, PlaceParams, RawParams, ResidentialPriceParams } from './params'

export interface Answer<T> {
  message: string
  data: T
}
export type Answered<T> = Outcome<Answer<T>>

const found = <T>(message: string, data: T): Answered<T> => ({ ok: true, value: { message, data } })
const failed = (error: ServiceError): { ok: false; error: ServiceError } => ({ ok: false, error })

function locationNotFound(sector: Sector, { location, country_code }: PlaceParams): ServiceError {
  return {
    code: 'LOCATION_NOT_FOUND',
    message: `No ${sector} data for location '${location}' in ${country_code}. List valid locations with GET /locations?sector=${sector}.`,
    details: { sector, location, country_code }
  }
}

const placeName = (entry: ResidentialEntry | LandEntry): string =>
  `${entry.name} (${entry.slug}, ${entry.country_code})`

/**
 * The figure for `beds` (its own value: a name such as "constructor" never reaches
 * Object.prototype), or BEDS_NOT_FOUND naming the bed types with `what` data there.
 */
function forBeds(
  entry: ResidentialEntry,
  what: string,
  byBeds: Record<string, number>,
  beds: string
): Outcome<number> {
  const value = Object.hasOwn(byBeds, beds) ? byBeds[beds] : undefined
  if (value !== undefined) return { ok: true, value }
  const available = Object.keys(byBeds)
  const { slug: location, country_code } = entry
  return failed({
    code: 'BEDS_NOT_FOUND',
    message: `No ${what} data for ${beds} bed in ${placeName(entry)}. Bed types with data there: ${available.join(', ')}.`,
    details: { location, country_code, beds, available_beds: available }
  })
}

export function answerLocations(
  dataset: Dataset,
  { sector }: { sector: Sector }
): Answered<LocationsPayload> {
  const locations = dataset.locationsBySector[sector]
  return found(`${locations.length} locations with ${sector} data found`, {
    sector,
    locations: locations as LocationsPayload['locations']
  })
}

export function answerResidentialPrice(
  dataset: Dataset,
  params: ResidentialPriceParams
): Answered<ResidentialPricePayload> {
  const entry = dataset.residentialByKey.get(locationKey(params.country_code, params.location))
  if (!entry) return failed(locationNotFound('residential', params))
  const price = forBeds(entry, `${params.type} price`, entry.prices[params.type], params.beds)
  if (!price.ok) return price
  return found(`Average ${params.type} price for ${params.beds} bed in ${placeName(entry)} found`, {
    price: price.value,
    beds: params.beds,
    location: entry.slug,
    country_code: entry.country_code,
    currency: dataset.currencyOf(entry.country_code)
  })
}

export function answerGrowth(dataset: Dataset, params: GrowthParams): Answered<GrowthPayload> {
  const key = locationKey(params.country_code, params.location)
  const window = `5-year window ${dataset.period}`
  if (params.sector === 'land') {
    const land = dataset.landByKey.get(key)
    if (!land) return failed(locationNotFound('land', params))
    return found(`Average growth over the ${window} for land in ${placeName(land)} found`, {
      growth: land.growth,
      period: dataset.period
    })
  }
  const entry = dataset.residentialByKey.get(key)
  if (!entry) return failed(locationNotFound('residential', params))
  const type = params.type ?? 'sale'
  const beds = params.beds ?? ''
  const growth = forBeds(entry, `${type} growth`, entry.growth[type], beds)
  if (!growth.ok) return growth
  return found(
    `Average growth over the ${window} for residential ${type} of ${beds} bed in ${placeName(entry)} found`,
    { growth: growth.value, period: dataset.period }
  )
}

export function answerLandPrice(dataset: Dataset, params: PlaceParams): Answered<LandPricePayload> {
  const entry = dataset.landByKey.get(locationKey(params.country_code, params.location))
  if (!entry) return failed(locationNotFound('land', params))
  return found(`Average land price per ${entry.unit} in ${placeName(entry)} found`, {
    price: entry.price,
    location: entry.slug,
    country_code: entry.country_code,
    currency: dataset.currencyOf(entry.country_code),
    unit: entry.unit
  })
}

export interface Route {
  /** Every parameter the route reads. */
  names: readonly string[]
  /** The route's answer (made when it is not cached), or why the parameters are refused. */
  resolve(dataset: Dataset, params: RawParams): Outcome<Answered<unknown>>
}

/** A route reading `schema`'s parameters (growth: the schema its sector takes, of the same names). */
function defineRoute<P>(
  schema: z.ZodObject & z.ZodType<P>,
  answer: (dataset: Dataset, params: P) => Answered<unknown>,
  schemaFor: (params: RawParams) => z.ZodType<P> = () => schema
): Route {
  return {
    names: Object.keys(schema.shape),
    resolve(dataset, params) {
      const parsed = parseWith(schemaFor(params), params)
      return parsed.ok ? { ok: true, value: answer(dataset, parsed.value) } : parsed
    }
  }
}

export const ROUTES: Readonly<Record<string, Route>> = {
  '/locations': defineRoute(LOCATIONS_PARAMS, answerLocations),
  '/residential-prices': defineRoute(RESIDENTIAL_PRICE_PARAMS, answerResidentialPrice),
  '/growth': defineRoute(OTHER_GROWTH_PARAMS, answerGrowth, (params) =>
    isResidential(params) ? RESIDENTIAL_GROWTH_PARAMS : OTHER_GROWTH_PARAMS
  ),
  '/land-prices': defineRoute(LAND_PRICE_PARAMS, answerLandPrice)
}
