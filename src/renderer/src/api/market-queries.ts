import { queryOptions } from '@tanstack/react-query'
import type { MarketApi } from '@shared/operations'
import type { LookupParams } from '@shared/operations'
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
  params: LookupParams<'getResidentialPrice'>,
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

function fetchGrowth(
  market: MarketApi,
  params: LookupParams<'getGrowth'>,
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

function fetchLandPrice(
  market: MarketApi,
  params: LookupParams<'getLandPrice'>,
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

function fetchLocations(
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

export function residentialPriceQuery(
  market: MarketApi,
  params: LookupParams<'getResidentialPrice'>
) {
  return queryOptions({
    queryKey: marketKeys.residentialPrice(params),
    queryFn: ({ signal }) => fetchResidentialPrice(market, params, signal),
    ...CACHED
  })
}

export function growthQuery(market: MarketApi, params: LookupParams<'getGrowth'>) {
  return queryOptions({
    queryKey: marketKeys.growth(params),
    queryFn: ({ signal }) => fetchGrowth(market, params, signal),
    ...CACHED
  })
}

export function landPriceQuery(market: MarketApi, params: LookupParams<'getLandPrice'>) {
  return queryOptions({
    queryKey: marketKeys.landPrice(params),
    queryFn: ({ signal }) => fetchLandPrice(market, params, signal),
    ...CACHED
  })
}
