import type { Page } from '@playwright/test'

/** Everything the renderer can reach: DOM, window globals, localStorage and every IndexedDB record. */
export async function dumpRendererState(page: Page): Promise<string> {
  const dom = await page.content()
  const storage = await page.evaluate(async () => {
    const globals: string[] = []
    for (const name of Object.getOwnPropertyNames(window)) {
      try {
        const value: unknown = (window as unknown as Record<string, unknown>)[name]
        if (typeof value !== 'function') globals.push(`${name}=${JSON.stringify(value) ?? ''}`)
      } catch {
        globals.push(`${name}=<unreadable>`)
      }
    }
    const local = JSON.stringify({ ...localStorage })
    const records: string[] = []
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
        records.push(`${info.name}/${storeName}: ${JSON.stringify(all)}`)
      }
      database.close()
    }
    return { globals: globals.join('\n'), local, records: records.join('\n') }
  })
  return [dom, storage.globals, storage.local, storage.records].join('\n')
}
