import type { Page } from '@playwright/test'

export interface StoredRecord {
  location: string
  json: string
}

/** Every record of every IndexedDB store the page's origin holds, as JSON. */
export async function indexedDbRecords(page: Page): Promise<StoredRecord[]> {
  return page.evaluate(async () => {
    const records: { location: string; json: string }[] = []
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const storeName of Array.from(database.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(storeName).objectStore(storeName).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        for (const record of all) {
          records.push({ location: `${info.name}/${storeName}`, json: JSON.stringify(record) })
        }
      }
      database.close()
    }
    return records
  })
}
