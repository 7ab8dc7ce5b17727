import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useHistory, useOfflineCache } from './app-deps'
import { toMarketQueryError } from './market-result'
import { appKeys, marketKeys } from './queries'

/** Surfaces a storage failure as the error a screen shows. */
export const asQueryError = (error: unknown) => Promise.reject(toMarketQueryError(error))

/** A market query with its answer, as the query cache holds it (a Query fits). */
export interface CachedFigure {
  queryHash: string
  queryKey: readonly unknown[]
  state: { data: unknown; dataUpdatedAt: number }
}

/** How many times a second at most a screen that reads the whole query cache re-reads it. */
const RE_READ_EVERY_MS = 250

/**
 * A number that changes when market queries in `client` change, at most a few times a second:
 * for screens that read many queries at once (rankings, the offline library).
 */
export function useMarketCacheVersion(): number {
  const client = useQueryClient()
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      // A change of state (an answer, a fetch starting), not an observer coming or going.
      if (event.type !== 'updated' && event.type !== 'added' && event.type !== 'removed') return
      if (timer !== undefined || event.query.queryKey[0] !== marketKeys.all[0]) return
      timer = setTimeout(() => {
        timer = undefined
        setVersion((v) => v + 1)
      }, RE_READ_EVERY_MS)
    })
    return () => {
      unsubscribe()
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [client])
  return version
}

/** Every market answer in the query cache: the offline cache, restored, plus this session's. */
export function useCachedFigures(): CachedFigure[] {
  const client = useQueryClient()
  const version = useMarketCacheVersion()
  return useMemo(
    () =>
      client
        .getQueryCache()
        .findAll({ queryKey: marketKeys.all })
        .filter(({ state }) => state.data !== undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-read when market queries change
    [client, version]
  )
}

/**
 * Records the start-up restore found damaged (the library offers to remove them). Read as the
 * screen renders: only this removal changes them while it shows, and its end renders it again.
 */
export function useDamagedEntries() {
  const cache = useOfflineCache()
  const client = useQueryClient()
  const remove = useMutation({
    mutationFn: (storageKeys: readonly string[]) =>
      cache.removeEntries(storageKeys).catch(asQueryError),
    onSuccess: () => client.invalidateQueries({ queryKey: appKeys.cacheLibrary })
  })
  return { keys: cache.damagedKeys(), remove }
}

/** What the offline cache holds on disk, read again (writes done) when market answers change. */
export function useCacheStats() {
  const cache = useOfflineCache()
  const version = useMarketCacheVersion()
  return useQuery({
    queryKey: [...appKeys.cacheLibrary, 'stats', version],
    queryFn: async () => {
      await cache.flush()
      return cache.stats().catch(asQueryError)
    },
    placeholderData: (previous) => previous,
    staleTime: 0
  })
}

/** Clears the cached results; the observed history too unless `keepHistory` (the default). */
export function useClearCache() {
  const cache = useOfflineCache()
  const history = useHistory()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (options: { keepHistory?: boolean } = {}) => {
      await cache.clear().catch(asQueryError)
      if (options.keepHistory === false) await history.clear().catch(asQueryError)
    },
    onSuccess: async () => {
      client.removeQueries({ queryKey: marketKeys.all })
      await client.invalidateQueries({ queryKey: appKeys.cacheLibrary })
    }
  })
}
