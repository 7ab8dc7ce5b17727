/** In-memory storages for tests: the app itself keeps its cache and history in IndexedDB. */
import type { SeriesStorage } from '../../../src/renderer/src/history/observation-history'
import type { CacheStorage } from '../../../src/renderer/src/offline-cache/storage-types'

export function createMemoryCacheStorage(): CacheStorage {
  const map = new Map<string, string>()
  return {
    setItem: async (key, value) => {
      map.set(key, value)
    },
    removeItems: async (keys) => {
      for (const key of keys) map.delete(key)
    },
    records: async () =>
      [...map.entries()].map(([key, value]) => ({
        key,
        value,
        parsed: false,
        size: key.length + value.length
      })),
    clear: async () => map.clear()
  }
}

export function createMemorySeriesStorage(): SeriesStorage & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>()
  return {
    map,
    load: async () => [...map.entries()],
    put: async (id, series) => {
      map.set(id, structuredClone(series))
    },
    clear: async () => map.clear()
  }
}
