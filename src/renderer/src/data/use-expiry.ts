import { locationKey } from '../lib/location-ref'
import type { LocationPlace } from '../lib/location-ref'
import { expiredOn } from '../lib/staleness'
import { useStoreValue } from '../stores/persistent-store'
import { useStores } from './app-deps'

/**
 * When a cached figure of `locations` expired (undefined: it has not): never when every one of
 * them is made available offline, else once it is older than the cache's age limit (Settings).
 */
export function useExpiredOn(
  locations: readonly LocationPlace[] = []
): (fetchedAt: string, now?: number) => Date | undefined {
  const stores = useStores()
  const days = useStoreValue(stores.cacheDays)
  const offline = new Set(useStoreValue(stores.offline).map(locationKey))
  const kept = locations.length > 0 && locations.every((place) => offline.has(locationKey(place)))
  return (fetchedAt, now) => (kept ? undefined : expiredOn(fetchedAt, now, days))
}
