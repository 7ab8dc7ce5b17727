import type { CacheStorage } from './storage-types'

/** In-memory storage: tests, and a fallback where IndexedDB is unavailable. */
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
