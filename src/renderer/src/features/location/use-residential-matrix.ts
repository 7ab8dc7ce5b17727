import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { Settings } from '@shared/settings'
import { useMarket, useStores } from '../../data/app-deps'
import { figureQuery, startUnasked } from '../../data/queries'
import { refetchAll } from '../../data/refresh'
import { useRecordSightings } from '../../data/use-observed-history'
import { useUserRequest } from '../../data/use-service-state'
import { forgetNoData, noDataKey, rememberNoData } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'
import { residentialLookups } from '../../lib/location-lookups'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import { buildBedRows, isFailure } from './residential-matrix-model'

/**
 * Every bed type × rent/sale price and growth for one residential location (residentialLookups,
 * which "Make available offline" plans from too), through the query factories (their lookups
 * leave in one batch call). Combinations that answered NOT_FOUND are remembered per location and
 * not asked again until retried. What the answers show is worked out in
 * residential-matrix-model.ts.
 */
export function useResidentialMatrix(location: LocationRef, settings: Settings) {
  const market = useMarket()
  const stores = useStores()
  const userRequest = useUserRequest()
  const memory = useStoreValue(stores.noData)
  const key = locationKey(location)
  const remembered = useMemo(() => new Set(memory[key] ?? []), [memory, key])

  const combos = residentialLookups(location, settings.bedTypes).map((combo) => ({
    ...combo,
    noData: noDataKey(combo.type, combo.beds),
    remembered: remembered.has(noDataKey(combo.type, combo.beds)),
    priceQuery: figureQuery(market, combo.price),
    growthQuery: figureQuery(market, combo.growth)
  }))
  // Started as the screen renders, not once it has committed: figures arrive sooner.
  const unremembered = combos.filter((combo) => !combo.remembered)
  startUnasked(useQueryClient(), market, [
    ...unremembered.map((combo) => combo.price),
    ...unremembered.map((combo) => combo.growth)
  ])
  const prices = useQueries({
    queries: combos.map((combo) => ({ ...combo.priceQuery, enabled: !combo.remembered }))
  })
  const growths = useQueries({
    queries: combos.map((combo) => ({ ...combo.growthQuery, enabled: !combo.remembered }))
  })

  // NOT_FOUND is remembered as it arrives, so this combination is skipped next time.
  const notFoundKeys = combos
    .filter((_, index) => prices[index]?.error?.code === 'NOT_FOUND')
    .map((combo) => combo.noData)
    .join('|')
  useEffect(() => {
    for (const noData of notFoundKeys ? notFoundKeys.split('|') : []) {
      stores.noData.set((memo) => rememberNoData(memo, key, noData))
    }
  }, [notFoundKeys, stores.noData, key])

  // Combinations remembered as "no data" are not asked, so they neither fail nor refresh.
  const isAsked = (_: unknown, index: number) => combos[index]?.remembered === false
  const asked = [...prices.filter(isAsked), ...growths.filter(isAsked)]
  useRecordSightings(
    combos.flatMap((combo, index) => [
      { queryKey: combo.priceQuery.queryKey, data: prices[index]?.data },
      { queryKey: combo.growthQuery.queryKey, data: growths[index]?.data }
    ]),
    settings
  )

  return {
    rows: buildBedRows(
      settings.bedTypes,
      combos.map((combo, index) => ({ ...combo, price: prices[index], growth: growths[index] })),
      settings
    ),
    metas: [...prices, ...growths].flatMap((query) => (query.data ? [query.data.meta] : [])),
    /** The first failure among the queries asked ("no data" is an answer, not a failure). */
    error: asked.find(isFailure)?.error ?? undefined,
    /** Any of the location's queries is fetching. */
    busy: asked.some((query) => query.isFetching),
    refresh: () => refetchAll(asked.map((query) => query.refetch)),
    retryFailed: () => asked.filter(isFailure).forEach((query) => void query.refetch()),
    // The user asking again: main's quota guard is asked to go on first, as for "Retry now".
    retryBeds: (beds: string) =>
      void userRequest(() => {
        const forgotten = combos.filter((combo) => combo.beds === beds).map((combo) => combo.noData)
        stores.noData.set((current) => forgetNoData(current, key, forgotten))
      })
  }
}
