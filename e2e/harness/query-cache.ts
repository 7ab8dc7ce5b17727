import type { Page } from '@playwright/test'
import { indexedDbRecords } from './indexed-db'

/** Persisted query-cache records (every IndexedDB store) whose JSON mentions `text`. */
export async function cachedQueryCount(page: Page, text: string): Promise<number> {
  return (await indexedDbRecords(page)).filter((record) => record.json.includes(text)).length
}
