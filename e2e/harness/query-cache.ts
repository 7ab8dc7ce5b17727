import type { Page } from '@playwright/test'
import { indexedDbRecords } from './indexed-db'

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

/** Persisted query results (every IndexedDB store, packs opened) whose JSON mentions `text`. */
export async function cachedQueryCount(page: Page, text: string): Promise<number> {
  const results = (await indexedDbRecords(page)).flatMap((record) => resultsIn(record.json))
  return results.filter((json) => json.includes(text)).length
}
