import { createPackedIdbStorage } from './packed-idb-storage'
import type { PackedStorageOptions } from './packed-idb-storage'
import type { CacheStorage } from './storage-types'

const CACHE_DB_NAME = 'market-explorer-cache'
const CACHE_STORE_NAME = 'queries'

/** The app's cache storage: IndexedDB, one record per write, packed in the background. */
export function createIdbCacheStorage(
  dbName: string = CACHE_DB_NAME,
  storeName: string = CACHE_STORE_NAME,
  options: PackedStorageOptions = {}
): CacheStorage {
  return createPackedIdbStorage(dbName, storeName, options)
}

/** In-memory storage: tests, and a fallback where IndexedDB is unavailable. */
export function createMemoryCacheStorage(): CacheStorage {
  const map = new Map<string, string>()
  return {
    getItem: async (key) => map.get(key),
    setItem: async (key, value) => {
      map.set(key, value)
    },
    removeItem: async (key) => {
      map.delete(key)
    },
    removeItems: async (keys) => {
      for (const key of keys) map.delete(key)
    },
    entries: async () => [...map.entries()],
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
