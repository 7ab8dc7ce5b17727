import { useQueries } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { bedValues } from '@shared/bed-types'
import type { Settings } from '@shared/settings'
import { useMarket, useStores } from '../../data/app-deps'
import { growthQuery, residentialPriceQuery } from '../../data/queries'
import { refetchAll } from '../../data/refresh'
import { useRecordSightings } from '../../data/use-observed-history'
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
 * Every bed type × rent/sale price and growth for one residential location, through the query
 * factories (their lookups leave in one batch call). Combinations that answered NOT_FOUND are
 * remembered per location and not asked again until retried. What the answers show is worked
 * out in residential-matrix-model.ts.
 */
export function useResidentialMatrix(location: LocationRef, settings: Settings) {
  const market = useMarket()
  const stores = useStores()
  const memory = useStoreValue(stores.noData)
  const key = locationKey(location)
  const remembered = useMemo(() => new Set(memory[key] ?? []), [memory, key])
  const combos = matrixCombos(bedValues(settings.bedTypes))
  const params = { location: location.slug, countryCode: location.countryCode }

  const asks = combos.map((combo) => ({
    price: residentialPriceQuery(market, { ...params, ...combo }),
    growth: growthQuery(market, { ...params, sector: 'residential', ...combo }),
    enabled: isAsked(combo, remembered)
  }))
  const prices = useQueries({
    queries: asks.map((ask) => ({ ...ask.price, enabled: ask.enabled }))
  })
  const growths = useQueries({
    queries: asks.map((ask) => ({ ...ask.growth, enabled: ask.enabled }))
  })

  // NOT_FOUND is remembered as it arrives, so this combination is skipped next time.
  const notFound = combos.filter((_, index) => prices[index]?.error?.code === 'NOT_FOUND')
  const notFoundKeys = notFound.map(({ type, beds }) => noDataKey(type, beds)).join('|')
  useEffect(() => {
    for (const noData of notFoundKeys ? notFoundKeys.split('|') : []) {
      stores.noData.set((memo) => rememberNoData(memo, key, noData))
    }
  }, [notFoundKeys, stores.noData, key])

  const all = [...prices, ...growths]
  const asked = askedQueries(all, combos, remembered)
  useRecordSightings(
    asks.flatMap((ask, index) => [
      { queryKey: ask.price.queryKey, data: prices[index]?.data },
      { queryKey: ask.growth.queryKey, data: growths[index]?.data }
    ]),
    settings
  )

  return {
    rows: buildBedRows(settings.bedTypes, { combos, prices, growths, remembered }, settings),
    metas: provenancesOf(all),
    error: matrixError(asked),
    /** Any of the location's queries is fetching. */
    busy: asked.some((query) => query.isFetching),
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
