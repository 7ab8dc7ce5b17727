import { queryOptions } from '@tanstack/react-query'
import type { LookupParams, MarketApi, OperationOutput, ServiceOperation } from '@shared/operations'
import type { Result } from '@shared/result'
import type { Sector } from '@shared/spec'
import { callCancellable } from './cancellable-call'
import { callMarket, unwrapWithMeta } from './market-result'
import type { MarketData } from './market-result'
import { lookupKey } from './query-keys'

/** Market figures change slowly: refetch on use after an hour. */
export const MARKET_STALE_MS = 60 * 60 * 1000

/**
 * Market queries are persisted one entry per query (the client's default persister only keeps
 * keys under `market`) and never garbage collected from memory: gcTime Infinity ≥ the 30-day
 * maxAge (a finite 30 days would overflow setTimeout and collect at once).
 */
const CACHED = { staleTime: MARKET_STALE_MS, gcTime: Infinity } as const

type LookupCall<K extends ServiceOperation> = (
  input: LookupParams<K> & { requestId?: string }
) => Promise<Result<OperationOutput<K>>>

/** One lookup over IPC. `signal` (TanStack Query's) cancels it in main when it aborts. */
export function fetchLookup<K extends ServiceOperation>(
  market: MarketApi,
  operation: K,
  params: LookupParams<K>,
  signal?: AbortSignal
): Promise<MarketData<OperationOutput<K>>> {
  const input = lookupKey(operation, params)[2]
  const call = market[operation] as unknown as LookupCall<K>
  return callMarket(
    () =>
      callCancellable(market, signal, (requestId) =>
        call({ ...input, ...(requestId ? { requestId } : {}) })
      ),
    unwrapWithMeta
  )
}

/** The query for any lookup: its key, its fetch and how long it is kept. */
export function lookupQuery<K extends ServiceOperation>(
  market: MarketApi,
  operation: K,
  params: LookupParams<K>
) {
  return queryOptions({
    queryKey: lookupKey(operation, params),
    queryFn: ({ signal }) => fetchLookup(market, operation, params, signal),
    ...CACHED
  })
}

export const locationsQuery = (market: MarketApi, sector: Sector) =>
  lookupQuery(market, 'listLocations', { sector })

export const residentialPriceQuery = (
  market: MarketApi,
  params: LookupParams<'getResidentialPrice'>
) => lookupQuery(market, 'getResidentialPrice', params)

export const growthQuery = (market: MarketApi, params: LookupParams<'getGrowth'>) =>
  lookupQuery(market, 'getGrowth', params)

export const landPriceQuery = (market: MarketApi, params: LookupParams<'getLandPrice'>) =>
  lookupQuery(market, 'getLandPrice', params)
