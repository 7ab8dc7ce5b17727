import { useMemo } from 'react'
import { locationKey } from '../lib/location-ref'
import type { LocationPlace } from '../lib/location-ref'
import { expiredOn } from '../lib/staleness'
import { useStoreValue } from '../stores/persistent-store'
import { useStores } from './app-deps'

/**
 * When a cached figure of `locations` expired (undefined: it has not): never when every one of
 * them is made available offline, else once it is older than the cache's age limit (Settings).
 * Read once per screen or list; the function it returns decides for each figure.
 */
export function useExpiredOn() {
  const stores = useStores()
  const days = useStoreValue(stores.cacheDays)
  const kept = useStoreValue(stores.offline)
  return useMemo(() => {
    const offline = new Set(kept.map(locationKey))
    return (fetchedAt: string, locations: readonly LocationPlace[] = [], now?: number) =>
      locations.length > 0 && locations.every((place) => offline.has(locationKey(place)))
        ? undefined
        : expiredOn(fetchedAt, now, days)
  }, [kept, days])
}
