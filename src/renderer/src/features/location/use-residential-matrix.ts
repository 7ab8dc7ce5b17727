import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Settings } from '@shared/settings'
import { useMarket, useStores } from '../../data/app-deps'
import { saysNoData } from '../../data/offline-plan'
import { figureQuery, refetchAll, startUnasked } from '../../data/queries'
import { useRecordSightings } from '../../data/use-observed-history'
import { useUserRequest } from '../../data/use-service-state'
import { residentialLookups } from '../../lib/location-lookups'
import type { LocationRef } from '../../lib/location-ref'
import { useStoreValue } from '../../stores/persistent-store'
import { buildBedRows, isFailure, shownState } from './residential-matrix-model'

/**
 * Every bed type × rent/sale price and growth for one residential location (residentialLookups,
 * which "Make available offline" plans from too), through the query factories (their lookups
 * leave in one batch call). A combination whose price answered NOT_FOUND before this visit (kept
 * in the query cache, and in the offline cache across sessions) is not asked again until retried.
 * What the answers show is worked out in residential-matrix-model.ts.
 */
export function useResidentialMatrix(location: LocationRef, settings: Settings) {
  const market = useMarket()
  const client = useQueryClient()
  const userRequest = useUserRequest()
  const [visitStart] = useState(Date.now)
  const display = useStoreValue(useStores().displayCurrency)

  const combos = residentialLookups(location, settings.bedTypes).map((combo) => {
    const priceQuery = figureQuery(market, combo.price)
    const said = client.getQueryState(priceQuery.queryKey)
    const noData = saysNoData(said)
    const remembered = noData && said.errorUpdatedAt < visitStart
    const growthQuery = figureQuery(market, combo.growth)
    return {
      ...combo,
      remembered,
      priceQuery: { ...priceQuery, enabled: !noData },
      growthQuery: { ...growthQuery, enabled: !noData }
    }
  })
  const asking = combos.filter((combo) => combo.priceQuery.enabled)
  startUnasked(client, market, [
    ...asking.map((combo) => combo.price),
    ...asking.map((combo) => combo.growth)
  ])
  const prices = useQueries({ queries: combos.map((combo) => combo.priceQuery) })
  const growths = useQueries({ queries: combos.map((combo) => combo.growthQuery) })

  // Combinations that answered "no data" are not asked, so they neither fail nor refresh.
  const isAsked = (_: unknown, index: number) => combos[index]?.priceQuery.enabled === true
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
      combos.map((combo, index) => ({
        ...combo,
        price: shownState(prices[index]),
        growth: shownState(growths[index])
      })),
      settings,
      display
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
      void userRequest(() =>
        combos.forEach((combo, index) => {
          if (combo.beds !== beds) return
          void prices[index]?.refetch()
          void growths[index]?.refetch()
        })
      )
  }
}
