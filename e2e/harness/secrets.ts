import type { Page } from '@playwright/test'
import { indexedDbRecords } from './indexed-db'

/** Everything the renderer can reach: DOM, window globals, localStorage and every IndexedDB record. */
export async function dumpRendererState(page: Page): Promise<string> {
  const dom = await page.content()
  const storage = await page.evaluate(() => {
    const globals: string[] = []
    for (const name of Object.getOwnPropertyNames(window)) {
      try {
        const value: unknown = (window as unknown as Record<string, unknown>)[name]
        if (typeof value !== 'function') globals.push(`${name}=${JSON.stringify(value) ?? ''}`)
      } catch {
        globals.push(`${name}=<unreadable>`)
      }
    }
    return { globals: globals.join('\n'), local: JSON.stringify({ ...localStorage }) }
  })
  const records = (await indexedDbRecords(page)).map(
    (record) => `${record.location}: ${record.json}`
  )
  return [dom, storage.globals, storage.local, ...records].join('\n')
}
