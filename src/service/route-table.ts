/**
 * The four routes: the parameters each recognises, and how it answers. The answer cache's key is
 * the route and the raw values of its recognised parameters, in a fixed order: unknown parameters,
 * their order, /v1 and query versus JSON body do not make a new key, and it costs no parsing on a
 * cache hit. Equal keys mean equal text for every parameter the parser reads, so equal answers
 * (route-table.test.ts checks that each parser reads only the names listed here).
 */
import type { Answered } from './answers'
import { answerGrowth, answerLandPrice, answerLocations, answerResidentialPrice } from './answers'
import type { Dataset } from './dataset'
import type { Outcome } from './errors'
import type { RawParams, RouteParams } from './params'
import {
  GROWTH_PARAMS,
  LAND_PRICE_PARAMS,
  LOCATIONS_PARAMS,
  RESIDENTIAL_PRICE_PARAMS
} from './params'

export interface Route {
  /** Every parameter the route's parser reads. */
  names: readonly string[]
  /** The route's answer (made when it is not cached), or why the parameters are refused. */
  resolve(dataset: Dataset, params: RawParams): Outcome<Answered<unknown>>
}

function defineRoute<P>(
  { names, parse }: RouteParams<P>,
  answer: (dataset: Dataset, params: P) => Answered<unknown>
): Route {
  return {
    names,
    resolve(dataset, params) {
      const parsed = parse(params)
      return parsed.ok ? { ok: true, value: answer(dataset, parsed.value) } : parsed
    }
  }
}

export const ROUTES: Readonly<Record<string, Route>> = {
  '/locations': defineRoute(LOCATIONS_PARAMS, answerLocations),
  '/residential-prices': defineRoute(RESIDENTIAL_PRICE_PARAMS, answerResidentialPrice),
  '/growth': defineRoute(GROWTH_PARAMS, answerGrowth),
  '/land-prices': defineRoute(LAND_PRICE_PARAMS, answerLandPrice)
}

const SEPARATOR = '\u0000'

/**
 * The cache key for `params` on `path`, or undefined when a value is not plain text (a list or an
 * object: the parser refuses those anyway). Missing, null and '' are the same to the parser, and
 * so are a number or boolean from a JSON body and its text.
 */
export function answerCacheKey(
  path: string,
  names: readonly string[],
  params: RawParams
): string | undefined {
  let key = path
  for (const name of names) {
    const value = params[name]
    let text: string
    if (value === undefined || value === null) text = ''
    else if (typeof value === 'string') text = value
    else if (typeof value === 'number' || typeof value === 'boolean') text = String(value)
    else return undefined
    if (text.includes(SEPARATOR)) return undefined
    key += SEPARATOR + text
  }
  return key
}
