import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CacheScan, CacheStats } from './market-cache'
import { toMarketQueryError } from './market-result'
import { appKeys, marketKeys } from './query-keys'
import { useMarketCache } from './services'
import { useObservationHistory } from './use-observed-history'

/** Every cached market result on this machine (read from IndexedDB, works offline). */
export function useCacheScan() {
  const cache = useMarketCache()
  return useQuery<CacheScan>({
    queryKey: [...appKeys.cacheLibrary, 'entries'],
    queryFn: () =>
      cache.scan().catch((error: unknown) => Promise.reject(toMarketQueryError(error))),
    staleTime: 0
  })
}

/** Deletes records a scan found damaged; the readable ones are left alone. */
export function useRemoveDamagedEntries() {
  const cache = useMarketCache()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (storageKeys: readonly string[]) =>
      cache
        .removeEntries(storageKeys)
        .catch((error: unknown) => Promise.reject(toMarketQueryError(error))),
    onSuccess: () => client.invalidateQueries({ queryKey: appKeys.cacheLibrary })
  })
}

export function useCacheStats() {
  const cache = useMarketCache()
  return useQuery<CacheStats>({
    queryKey: [...appKeys.cacheLibrary, 'stats'],
    queryFn: () =>
      cache.stats().catch((error: unknown) => Promise.reject(toMarketQueryError(error))),
    staleTime: 0
  })
}

/** Clears the cached results; the observed history too unless `keepHistory` (the default). */
export function useClearCache() {
  const cache = useMarketCache()
  const history = useObservationHistory()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (options: { keepHistory?: boolean } = {}) => {
      try {
        await cache.clear()
        if (options.keepHistory === false) await history.clear()
      } catch (error) {
        throw toMarketQueryError(error)
      }
    },
    onSuccess: async () => {
      client.removeQueries({ queryKey: marketKeys.all })
      await client.invalidateQueries({ queryKey: appKeys.cacheLibrary })
    }
  })
}
