/**
 * "Make available offline": every lookup a set of locations needs on the screens (rent and sale
 * price and growth for each bed type; land price and growth), when the cache answered each (too
 * old: useExpiredOn decides); the rest is fetched with `fetchLookups` (queries.ts).
 */
import type { Query, QueryClient } from '@tanstack/react-query'
import type { BedType } from '@shared/bed-types'
import type { LookupRequest } from '@shared/contract'
import type { ObservationHistory } from '../history/observation-history'
import { recordShown } from '../history/sightings'
import { locationLookups, lookupList, residentialLookups } from '../lib/location-lookups'
import type { LocationRef } from '../lib/location-ref'
import { oldestTime } from '../lib/staleness'
import { isNoDataAnswer } from '../offline-cache/cache-record'
import type { NoDataAnswer } from '../offline-cache/cache-record'
import { lookupHash } from './queries'

/** A land location's lookups do not depend on the transaction or bed type. */
const ANY_VIEW = { type: 'sale', beds: '' } as const

/** A query state holding "no data" (NOT_FOUND): an answer, not asked again until a retry. */
export const saysNoData = <S extends { error: unknown }>(
  state: S | undefined
): state is S & { error: NoDataAnswer } => isNoDataAnswer(state?.error)

/**
 * What the location screen asks for `location`. A bed type and transaction whose price answered
 * "no data" (a NOT_FOUND kept in the query cache, restored from the offline cache) is left out,
 * price and growth, as the screen leaves it out once it has seen that answer.
 */
export function lookupsOf(
  client: QueryClient,
  location: LocationRef,
  bedTypes: readonly BedType[]
): LookupRequest[] {
  if (location.sector === 'land') return lookupList(locationLookups(location, ANY_VIEW))
  const cache = client.getQueryCache()
  return residentialLookups(location, bedTypes).flatMap((combo) =>
    saysNoData(cache.get(lookupHash(combo.price))?.state) ? [] : [combo.price, combo.growth]
  )
}

/** When a query's answer (a figure, or "no data") was fetched; undefined when it has none. */
export function answeredAt(query: Query | undefined): string | undefined {
  if (!query) return undefined
  const { data, dataUpdatedAt, errorUpdatedAt } = query.state
  const at = data !== undefined ? dataUpdatedAt : saysNoData(query.state) ? errorUpdatedAt : 0
  return at > 0 ? new Date(at).toISOString() : undefined
}

/** A location's offline state: all its figures cached (any age), or how many are missing. */
export function offlineStatus(client: QueryClient, lookups: readonly LookupRequest[]) {
  const cache = client.getQueryCache()
  const known = lookups.flatMap((lookup) => answeredAt(cache.get(lookupHash(lookup))) ?? [])
  return {
    missing: lookups.length - known.length,
    total: lookups.length,
    oldest: oldestTime(known)
  }
}

/**
 * Records the answers of `lookups` in the observed history: figures the user chose to keep
 * offline are watched like those a location screen shows.
 */
export function recordFetched(
  client: QueryClient,
  history: ObservationHistory,
  lookups: readonly LookupRequest[],
  baseUrl: string
): void {
  const cache = client.getQueryCache()
  const shown = lookups.flatMap((lookup) => {
    const query = cache.get(lookupHash(lookup))
    return query?.state.data ? [{ queryKey: query.queryKey, data: query.state.data }] : []
  })
  recordShown(history, shown, baseUrl)
}
