import { useQueries, useQueryClient } from '@tanstack/react-query'
import type { UseQueryResult } from '@tanstack/react-query'
import type { LookupRequest } from '@shared/contract'
import { asGrowthFigure, asPriceFigure } from '@shared/figures/figures'
import { useMarket } from '../../data/app-deps'
import { MarketQueryError } from '../../data/market-result'
import type { MarketData, Provenance } from '../../data/market-result'
import { figureQuery, lookupHash, startUnasked } from '../../data/queries'
import { refetchAll } from '../../data/refresh'
import { useRecordSightings } from '../../data/use-observed-history'
import { locationLookups, lookupList } from '../../lib/location-lookups'
import type { LocationRef } from '../../lib/location-ref'
import type { Settings } from '@shared/settings'
import type { CompareView } from '../../stores/app-stores'
import type { CompareInput, Fetched } from './compare-model'

const NOT_LOOKED_UP = new MarketQueryError({
  code: 'CANCELLED',
  message: 'Not looked up: the lookup was cancelled.'
})

type FigureResult = UseQueryResult<MarketData<unknown>, MarketQueryError>

function fetched<T>(
  result: FigureResult | undefined,
  read: (payload: unknown) => T | undefined
): Fetched<T> {
  const data = result?.data ? read(result.data.data) : undefined
  if (result?.data && data) return { status: 'ok', data, meta: result.data.meta }
  if (result?.error) return { status: 'error', error: result.error }
  if (!result || result.isFetching) return { status: 'loading' }
  return { status: 'error', error: NOT_LOOKED_UP }
}

/**
 * Figures for the compare table, one query per distinct lookup (the query factory's): what the
 * cache holds shows at once; what is missing or stale is fetched, all in one batch call.
 */
export function useCompareData(
  refs: readonly LocationRef[],
  view: CompareView,
  settings: Settings
) {
  const market = useMarket()
  const client = useQueryClient()
  const columns = refs.map((ref) => ({ ref, ...locationLookups(ref, view) }))
  // Every distinct lookup of the columns, in column order.
  const requests = [
    ...new Map(
      columns.flatMap(lookupList).map((request) => [lookupHash(request), request] as const)
    ).values()
  ]
  // Started as the screen renders, not once it has committed: figures arrive sooner.
  startUnasked(client, market, requests)
  const queries = requests.map((request) => figureQuery(market, request))
  const results = useQueries({ queries }) as FigureResult[]
  const byHash = new Map(requests.map((request, index) => [lookupHash(request), results[index]]))
  const resultOf = (request: LookupRequest) => byHash.get(lookupHash(request))
  useRecordSightings(
    queries.map((query, index) => ({ queryKey: query.queryKey, data: results[index]?.data })),
    settings
  )

  const price = (request: LookupRequest) => fetched(resultOf(request), asPriceFigure)
  const inputs: CompareInput[] = columns.map((column) => ({
    ref: column.ref,
    growth: fetched(resultOf(column.growth), asGrowthFigure),
    ...(column.land
      ? { price: price(column.land) }
      : { price: price(column[view.type]), rent: price(column.rent), sale: price(column.sale) })
  }))

  const metas: Provenance[] = results.flatMap((result) => (result.data ? [result.data.meta] : []))
  const fetching = results.filter((result) => result.isFetching).length
  const failed = results.filter(
    (result) =>
      result.error && result.error.code !== 'NOT_FOUND' && result.error.code !== 'CANCELLED'
  )

  return {
    inputs,
    metas,
    error: failed[0]?.error ?? undefined,
    busy: fetching > 0,
    progress: fetching > 0 ? { done: results.length - fetching, total: results.length } : null,
    cancel: () =>
      void client.cancelQueries({
        predicate: (query) => byHash.has(query.queryHash) && query.state.fetchStatus === 'fetching'
      }),
    refresh: () => refetchAll(results.map((result) => result.refetch)),
    retry: () => failed.forEach((result) => void result.refetch())
  }
}
