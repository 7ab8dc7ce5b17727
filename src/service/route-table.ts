/**
 * The four routes: each reads its recognised parameters into a typed value and answers from it.
 * That value, serialised, is the answer cache's key: unknown parameters, their order, /v1, query
 * versus JSON body and letter case of enum values all lead to the same key.
 */
import type { Answered } from './answers'
import { answerGrowth, answerLandPrice, answerLocations, answerResidentialPrice } from './answers'
import type { Dataset } from './dataset'
import type { ServiceError } from './errors'
import type { Parsed, RawParams } from './params'
import {
  parseGrowthParams,
  parseLandPriceParams,
  parseLocationsParams,
  parseResidentialPriceParams
} from './params'

export type ResolvedRequest =
  | { ok: true; cacheKey: string; answer: () => Answered<unknown> }
  | { ok: false; error: ServiceError }

export type Route = (dataset: Dataset, params: RawParams) => ResolvedRequest

function defineRoute<P>(
  path: string,
  parse: (params: RawParams) => Parsed<P>,
  answer: (dataset: Dataset, params: P) => Answered<unknown>
): Route {
  return (dataset, params) => {
    const parsed = parse(params)
    if (!parsed.ok) return parsed
    const { value } = parsed
    return {
      ok: true,
      cacheKey: `${path} ${JSON.stringify(value)}`,
      answer: () => answer(dataset, value)
    }
  }
}

export const ROUTES: Readonly<Record<string, Route>> = {
  '/locations': defineRoute('/locations', parseLocationsParams, (dataset, { sector }) =>
    answerLocations(dataset, sector)
  ),
  '/residential-prices': defineRoute(
    '/residential-prices',
    parseResidentialPriceParams,
    answerResidentialPrice
  ),
  '/growth': defineRoute('/growth', parseGrowthParams, answerGrowth),
  '/land-prices': defineRoute('/land-prices', parseLandPriceParams, answerLandPrice)
}
