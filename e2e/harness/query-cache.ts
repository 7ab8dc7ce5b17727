import type { Page } from '@playwright/test'

/** Persisted query-cache records (every IndexedDB store) whose JSON mentions `text`. */
export async function cachedQueryCount(page: Page, text: string): Promise<number> {
  return page.evaluate(async (needle) => {
    let count = 0
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const storeName of Array.from(database.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(storeName).objectStore(storeName).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        count += records.filter((record) => JSON.stringify(record).includes(needle)).length
      }
      database.close()
    }
    return count
  }, text)
}
