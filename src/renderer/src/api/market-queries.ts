import { queryOptions } from '@tanstack/react-query'
import type { LookupRequest, MarketApi } from '@shared/contract'
import type {
  GrowthPayload,
  LandPricePayload,
  LocationsPayload,
  ResidentialPricePayload
} from '@shared/spec'
import type { Sector } from '@shared/spec'
import { callCancellable } from './cancellable-call'
import { callMarket, unwrapWithMeta } from './market-result'
import type { MarketData } from './market-result'
import { marketKeys } from './query-keys'
import type { GrowthParams, LandPriceParams, ResidentialPriceParams } from './query-keys'

/** Market figures change slowly: refetch on use after an hour. */
export const MARKET_STALE_MS = 60 * 60 * 1000

/**
 * Market queries are persisted one entry per query (the client's default persister only keeps
 * keys under `market`) and never garbage collected from memory: gcTime Infinity ≥ the 30-day
 * maxAge (a finite 30 days would overflow setTimeout and collect at once).
 */
const CACHED = { staleTime: MARKET_STALE_MS, gcTime: Infinity } as const

/** `signal` (TanStack Query's) cancels the lookup in main when it aborts. */
export function fetchResidentialPrice(
  market: MarketApi,
  params: ResidentialPriceParams,
  signal?: AbortSignal
): Promise<MarketData<ResidentialPricePayload>> {
  const input = marketKeys.residentialPrice(params)[2]
  return callMarket(
    () =>
      callCancellable(market, signal, (requestId) =>
        market.getResidentialPrice({ ...input, ...(requestId ? { requestId } : {}) })
      ),
    unwrapWithMeta
  )
}

export function fetchGrowth(
  market: MarketApi,
  params: GrowthParams,
  signal?: AbortSignal
): Promise<MarketData<GrowthPayload>> {
  const input = marketKeys.growth(params)[2]
  return callMarket(
    () =>
      callCancellable(market, signal, (requestId) =>
        market.getGrowth({ ...input, ...(requestId ? { requestId } : {}) })
      ),
    unwrapWithMeta
  )
}

export function fetchLandPrice(
  market: MarketApi,
  params: LandPriceParams,
  signal?: AbortSignal
): Promise<MarketData<LandPricePayload>> {
  const input = marketKeys.landPrice(params)[2]
  return callMarket(
    () =>
      callCancellable(market, signal, (requestId) =>
        market.getLandPrice({ ...input, ...(requestId ? { requestId } : {}) })
      ),
    unwrapWithMeta
  )
}

export function fetchLocations(
  market: MarketApi,
  sector: Sector,
  signal?: AbortSignal
): Promise<MarketData<LocationsPayload>> {
  return callMarket(
    () =>
      callCancellable(market, signal, (requestId) =>
        market.listLocations({ sector, ...(requestId ? { requestId } : {}) })
      ),
    unwrapWithMeta
  )
}

export function locationsQuery(market: MarketApi, sector: Sector) {
  return queryOptions({
    queryKey: marketKeys.locations(sector),
    queryFn: ({ signal }) => fetchLocations(market, sector, signal),
    ...CACHED
  })
}

export function residentialPriceQuery(market: MarketApi, params: ResidentialPriceParams) {
  return queryOptions({
    queryKey: marketKeys.residentialPrice(params),
    queryFn: ({ signal }) => fetchResidentialPrice(market, params, signal),
    ...CACHED
  })
}

export function growthQuery(market: MarketApi, params: GrowthParams) {
  return queryOptions({
    queryKey: marketKeys.growth(params),
    queryFn: ({ signal }) => fetchGrowth(market, params, signal),
    ...CACHED
  })
}

export function landPriceQuery(market: MarketApi, params: LandPriceParams) {
  return queryOptions({
    queryKey: marketKeys.landPrice(params),
    queryFn: ({ signal }) => fetchLandPrice(market, params, signal),
    ...CACHED
  })
}

/** The same query a batch item stands for, so batch results land in the same cache entries. */
export function lookupQuery(market: MarketApi, request: LookupRequest) {
  switch (request.kind) {
    case 'residentialPrice':
      return residentialPriceQuery(market, request)
    case 'growth':
      return growthQuery(market, request)
    case 'landPrice':
      return landPriceQuery(market, request)
  }
}
