import type { Page } from '@playwright/test'
import { indexedDbRecords } from './indexed-db'
import type { StoredRecord } from './indexed-db'

/** The cached results one stored record holds: itself, or every result of a pack. */
function resultsIn(json: string): string[] {
  const stored: unknown = JSON.parse(json)
  if (typeof stored !== 'string' || !stored.startsWith('{"keys":')) return [json]
  try {
    const pack = JSON.parse(stored) as { records?: unknown }
    if (Array.isArray(pack.records)) return pack.records.map((record) => JSON.stringify(record))
  } catch {
    // not a pack after all
  }
  return [json]
}

/** The query cache's own IndexedDB store (the observed history has its own database). */
export const QUERY_CACHE_STORE = 'market-explorer-cache/queries'

/** Every record of the query cache's store (not the observed history's). */
export async function queryCacheRecords(page: Page): Promise<StoredRecord[]> {
  return (await indexedDbRecords(page)).filter((record) => record.location === QUERY_CACHE_STORE)
}

/** Persisted query results (the cache's store, packs opened) whose JSON mentions `text`. */
export async function cachedQueryCount(page: Page, text: string): Promise<number> {
  const results = (await queryCacheRecords(page)).flatMap((record) => resultsIn(record.json))
  return results.filter((json) => json.includes(text)).length
}

/**
 * Moves the fetched-at time (the record's and the result's own) of every cached result (loose records and packs) `ageMs` into the
 * past, as if the app had last been online then. Returns how many results it moved.
 */
export async function backdateCachedResults(page: Page, ageMs: number): Promise<number> {
  return page.evaluate(
    async ([dbName, storeName, age]) => {
      const backdate = (record: unknown): boolean => {
        if (typeof record !== 'object' || record === null) return false
        const compact = record as {
          f?: unknown
          t?: unknown
          d?: { meta?: { fetchedAt?: unknown } }
        }
        if (compact.f !== 1 || typeof compact.t !== 'number') return false
        compact.t -= age
        const meta = compact.d?.meta
        if (meta && typeof meta.fetchedAt === 'string') {
          meta.fetchedAt = new Date(Date.parse(meta.fetchedAt) - age).toISOString()
        }
        return true
      }
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const store = database.transaction(storeName, 'readwrite').objectStore(storeName)
      const entries = await new Promise<Array<[IDBValidKey, unknown]>>((resolve, reject) => {
        const keys = store.getAllKeys()
        const values = store.getAll()
        values.onsuccess = () => resolve(keys.result.map((key, i) => [key, values.result[i]]))
        values.onerror = () => reject(values.error)
      })
      let moved = 0
      for (const [key, value] of entries) {
        if (typeof value !== 'string') continue
        let parsed: unknown
        try {
          parsed = JSON.parse(value)
        } catch {
          continue
        }
        const pack = parsed as { records?: unknown }
        const records = Array.isArray(pack.records) ? pack.records : [parsed]
        const count = records.filter(backdate).length
        if (count > 0) {
          store.put(JSON.stringify(parsed), key)
          moved += count
        }
      }
      await new Promise<void>((resolve, reject) => {
        store.transaction.oncomplete = () => resolve()
        store.transaction.onerror = () => reject(store.transaction.error)
      })
      database.close()
      return moved
    },
    ['market-explorer-cache', 'queries', ageMs] as const
  )
}
