import { bedValues } from '@shared/bed-types'
import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Settings } from '@shared/settings'
import { fetchBatchedLookup } from '../../api/lookup-batcher'
import { growthQuery, residentialPriceQuery } from '../../api/market-queries'
import { marketKeys } from '../../api/query-keys'
import type { MarketQueryError } from '../../api/market-result'
import { refetchAll } from '../../api/refresh'
import { useLookupBatcher, useMarketApi, useStores } from '../../api/services'
import { forgetNoData, noDataKey, rememberNoData } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import {
  askedQueries,
  buildBedRows,
  isAsked,
  isFailure,
  matrixCombos,
  matrixError,
  noDataKeysOf,
  provenancesOf
} from './residential-matrix-model'

/**
 * Every bed type × rent/sale price and growth for one residential location, asked in one batch
 * call (lookup-batcher.ts). Combinations that answered NOT_FOUND are remembered per location and
 * not asked again until retried. What the answers show is worked out in
 * residential-matrix-model.ts.
 */
export function useResidentialMatrix(location: LocationRef, settings: Settings) {
  const market = useMarketApi()
  const batcher = useLookupBatcher()
  const stores = useStores()
  const memory = useStoreValue(stores.noData)
  const key = locationKey(location)
  const remembered = useMemo(() => new Set(memory[key] ?? []), [memory, key])
  const combos = matrixCombos(bedValues(settings.bedTypes))
  const params = { location: location.slug, countryCode: location.countryCode }

  const prices = useQueries({
    queries: combos.map(({ beds, type }) => {
      const priceParams = { ...params, type, beds }
      return {
        ...residentialPriceQuery(market, priceParams),
        // NOT_FOUND is remembered as it arrives, so this combination is skipped next time.
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchBatchedLookup(batcher, 'getResidentialPrice', priceParams, signal).catch(
            (error: MarketQueryError) => {
              if (error.code === 'NOT_FOUND') {
                stores.noData.set((memo) => rememberNoData(memo, key, noDataKey(type, beds)))
              }
              throw error
            }
          ),
        enabled: isAsked({ beds, type }, remembered)
      }
    })
  })
  const growths = useQueries({
    queries: combos.map(({ beds, type }) => {
      const growthParams = { ...params, sector: 'residential' as const, type, beds }
      return {
        ...growthQuery(market, growthParams),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchBatchedLookup(batcher, 'getGrowth', growthParams, signal),
        enabled: isAsked({ beds, type }, remembered)
      }
    })
  })

  const all = [...prices, ...growths]
  const asked = askedQueries(all, combos, remembered)

  return {
    rows: buildBedRows(settings.bedTypes, { combos, prices, growths, remembered }, settings),
    metas: provenancesOf(all),
    error: matrixError(asked),
    /** Any of the location's queries is fetching. */
    busy: asked.some((query) => query.isFetching),
    /** Every query of the matrix (to find which of them wait for the service). */
    queryKeys: combos.flatMap(({ beds, type }) => [
      marketKeys.residentialPrice({ ...params, type, beds }),
      marketKeys.growth({ ...params, sector: 'residential', type, beds })
    ]),
    refresh: () => refetchAll(asked.map((query) => query.refetch)),
    retryFailed: () => {
      for (const query of asked) {
        if (isFailure(query)) void query.refetch()
      }
    },
    retryBeds: (beds: string) =>
      stores.noData.set((current) => forgetNoData(current, key, noDataKeysOf(beds)))
  }
}
