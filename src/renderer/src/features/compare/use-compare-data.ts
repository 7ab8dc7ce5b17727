import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { LookupRequest } from '@shared/contract'
import type { PriceFigure } from '@shared/figures/figures'
import { useMarket } from '../../data/app-deps'
import { locationFigures, lookupState, readFigures } from '../../data/location-figures'
import type { MarketData, MarketQueryError, Provenance } from '../../data/market-result'
import { figureQuery, lookupHash, refetchAll, startUnasked } from '../../data/queries'
import { useRecordSightings } from '../../data/use-observed-history'
import { locationLookups, lookupList } from '../../lib/location-lookups'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import type { LocationRef } from '../../lib/location-ref'
import type { Settings } from '@shared/settings'
import type { CompareView } from '../../stores/app-stores'
import type { CompareColumn } from './compare-model'

const priceAbout = (figure: PriceFigure) => `average price in ${figure.currency}`

type FigureResult = UseQueryResult<MarketData<unknown>, MarketQueryError>

/**
 * Figures for the compare table, one query per distinct lookup (the query factory's): what the
 * cache holds shows at once; what is missing or stale is fetched, all in one batch call.
 */
export function useCompareData(
  refs: readonly LocationRef[],
  view: CompareView,
  settings: Settings,
  display: DisplayCurrencyPrefs
) {
  const market = useMarket()
  const client = useQueryClient()
  const { type, beds } = view
  // Every distinct lookup of the columns, in column order; the same objects each render.
  const { columns, requests } = useMemo(() => {
    const columns = refs.map((ref) => ({ ref, ...locationLookups(ref, { type, beds }) }))
    const byHash = columns.flatMap(lookupList).map((one) => [lookupHash(one), one] as const)
    return { columns, requests: [...new Map(byHash).values()] }
  }, [refs, type, beds])
  startUnasked(client, market, requests)
  const queries = requests.map((request) => figureQuery(market, request))
  const results = useQueries({ queries }) as FigureResult[]
  const byHash = new Map(requests.map((request, index) => [lookupHash(request), results[index]]))
  useRecordSightings(
    queries.map((query, index) => ({ queryKey: query.queryKey, data: results[index]?.data })),
    settings
  )

  const read = (request: LookupRequest) => lookupState(byHash.get(lookupHash(request)))
  const figureOptions = { settings, display, compact: false, priceAbout }
  const figures: CompareColumn[] = columns.map((column) => ({
    ref: column.ref,
    ...locationFigures(readFigures(column, read), figureOptions)
  }))

  const metas: Provenance[] = results.flatMap((result) => (result.data ? [result.data.meta] : []))
  const fetching = results.filter((result) => result.isFetching).length
  const failed = results.filter(
    (result) =>
      result.error && result.error.code !== 'NOT_FOUND' && result.error.code !== 'CANCELLED'
  )

  return {
    columns: figures,
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
