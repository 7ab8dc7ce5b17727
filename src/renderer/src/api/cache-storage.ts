import { clear, createStore, del, entries, get, set, values } from 'idb-keyval'

/** Key-value storage for the per-query persister: one entry per cached query. */
export interface CacheStorage {
  getItem(key: string): Promise<string | undefined>
  setItem(key: string, value: string): Promise<void>
  removeItem(key: string): Promise<void>
  /** Records whose key and value are text (what the persister reads). */
  entries(): Promise<Array<[string, string]>>
  /** Every record with a text key, whatever its value: a damaged one may not be text. */
  rawEntries(): Promise<Array<[string, unknown]>>
  /** Every value, without keys (faster when the values name their own keys). */
  rawValues(): Promise<unknown[]>
  clear(): Promise<void>
}

export const CACHE_DB_NAME = 'market-explorer-cache'
export const CACHE_STORE_NAME = 'queries'

/** IndexedDB via idb-keyval: writing one query writes one record, nothing else. */
export function createIdbCacheStorage(
  dbName: string = CACHE_DB_NAME,
  storeName: string = CACHE_STORE_NAME
): CacheStorage {
  const store = createStore(dbName, storeName)
  return {
    getItem: (key) => get<string>(key, store),
    setItem: (key, value) => set(key, value, store),
    removeItem: (key) => del(key, store),
    entries: async () => {
      const all = await entries<IDBValidKey, unknown>(store)
      return all.flatMap(([key, value]): Array<[string, string]> =>
        typeof key === 'string' && typeof value === 'string' ? [[key, value]] : []
      )
    },
    rawEntries: async () => {
      const all = await entries<IDBValidKey, unknown>(store)
      return all.flatMap(([key, value]): Array<[string, unknown]> =>
        typeof key === 'string' ? [[key, value]] : []
      )
    },
    rawValues: () => values(store),
    clear: () => clear(store)
  }
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
    entries: async () => [...map.entries()],
    rawEntries: async () => [...map.entries()],
    rawValues: async () => [...map.values()],
    clear: async () => map.clear()
  }
}
