import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Query } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Settings } from '@shared/settings'
import { locationKey, placeOfKey } from '../lib/location-ref'
import type { LocationRef } from '../lib/location-ref'
import { storageKeyOf } from '../offline-cache/offline-cache'
import { withoutLocation } from '../stores/app-stores'
import { useStoreValue } from '../stores/persistent-store'
import { useOfflineCache, useStores } from './app-deps'
import { answeredAt, lookupsOf, offlineStatus } from './offline-plan'
import { appKeys, marketKeys } from './queries'
import { useExpiredOn } from './use-expiry'
import { asQueryError, useCacheStats, useMarketCacheVersion } from './use-offline-cache'

/**
 * The locations made available offline, each with its state (ready, or what is missing), what it
 * takes on disk, and removal; and the expired figures of other locations, with "Clear expired".
 */
export function useOfflineLocations(settings: Settings, now: number) {
  const client = useQueryClient()
  const cache = useOfflineCache()
  const stores = useStores()
  const kept = useStoreValue(stores.offline)
  const expiredOn = useExpiredOn()
  const version = useMarketCacheVersion()
  const sizes = useCacheStats().data?.sizes

  const { rows, expired } = useMemo(() => {
    const byPlace = new Map<string, Query[]>()
    const expired: Query[] = []
    for (const query of client.getQueryCache().findAll({ queryKey: marketKeys.all })) {
      const place = placeOfKey(query.queryKey)
      const key = place && locationKey(place)
      if (key) byPlace.set(key, [...(byPlace.get(key) ?? []), query])
      const at = answeredAt(query)
      if (at && expiredOn(at, place && [place], now)) expired.push(query)
    }
    const rows = kept.map((location) => {
      const queries = byPlace.get(locationKey(location)) ?? []
      return {
        location,
        ...offlineStatus(client, lookupsOf(client, location, settings.bedTypes)),
        queries,
        /** Stored answers (a failed lookup's entry holds none). */
        answers: queries.filter((query) => query.state.data !== undefined).length,
        bytes: queries.reduce((sum, query) => sum + (sizes?.get(query.queryHash) ?? 0), 0)
      }
    })
    return { rows, expired }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-read when market queries change
  }, [client, kept, expiredOn, settings.bedTypes, sizes, now, version])

  const forget = useMutation({
    mutationFn: async (queries: readonly Query[]) => {
      await cache
        .removeEntries(queries.map((query) => storageKeyOf(query.queryHash)))
        .catch(asQueryError)
      for (const query of queries) client.getQueryCache().remove(query)
    },
    onSuccess: () => client.invalidateQueries({ queryKey: appKeys.cacheLibrary })
  })

  return {
    rows,
    expired: expired.length,
    clearExpired: () => forget.mutate(expired),
    /** No longer offline: the location's cached figures are deleted. */
    remove: (location: LocationRef) => {
      stores.offline.set((list) => withoutLocation(list, location))
      forget.mutate(rows.find((row) => row.location === location)?.queries ?? [])
    },
    error: forget.error
  }
}
