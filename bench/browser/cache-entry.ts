/**
 * Bundled into a page for the Chromium cache benchmarks: the app's own IndexedDB storage, offline
 * cache (restore at start, a write per fetched answer) and query client, driven through
 * window.marketBench.
 */
import type { QueryClient } from '@tanstack/react-query'
import { createStore, setMany } from 'idb-keyval'
import type { LookupParams } from '@shared/figures/identity'
import type { MarketApi } from '@shared/operations'
import { createAppQueryClient } from '../../src/renderer/src/data/query-client'
import { MarketQueryError } from '../../src/renderer/src/data/market-result'
import { figureQuery } from '../../src/renderer/src/data/queries'
import { createPackedIdbStorage } from '../../src/renderer/src/offline-cache/packed-idb-storage'
import { createOfflineCache } from '../../src/renderer/src/offline-cache/offline-cache'
import type { OfflineCache } from '../../src/renderer/src/offline-cache/offline-cache'
import type { CacheStorage } from '../../src/renderer/src/offline-cache/storage-types'

const VERSION = 'bench'
const STORE = 'queries'
const SEED_CHUNK = 5_000

const params = (index: number): LookupParams<'residentialPrice'> => ({
  location: `area-${index}`,
  countryCode: 'NG',
  type: 'rent',
  beds: '2'
})

/** Answers a batch as main does where nothing streams: every item's Result in the reply. */
const market = {
  onBatchProgress: () => () => undefined,
  batchLookup: async (input: { batchId: string; items: Array<{ location: string }> }) => ({
    ok: true,
    data: {
      batchId: input.batchId,
      cancelled: false,
      results: input.items.map((item) => ({
        ok: true,
        data: {
          price: 5_250_000,
          beds: '2',
          location: item.location,
          country_code: 'NG',
          currency: 'NGN'
        },
        meta: { source: 'remote', fetchedAt: new Date().toISOString() }
      }))
    }
  })
} as unknown as MarketApi

interface Session {
  storage: CacheStorage
  cache: OfflineCache
  client: QueryClient
}
const sessions = new Map<string, Session>()

/** The app's storage, compacting only when told to (the app does it in the background). */
const storageFor = (dbName: string) => createPackedIdbStorage(dbName, STORE, { autoCompact: false })

/** The app's offline cache on `dbName`, writing each answer `client` fetches. */
function open(dbName: string): Session {
  const storage = storageFor(dbName)
  const cache = createOfflineCache(storage, VERSION)
  const client = createAppQueryClient()
  cache.persistAnswers(client)
  return { storage, cache, client }
}

function session(dbName: string): Session {
  let found = sessions.get(dbName)
  if (!found) {
    found = open(dbName)
    sessions.set(dbName, found)
  }
  return found
}

/** Stores `count` results: one fetched through the app, the rest as variants of its record. */
async function seed(dbName: string, count: number): Promise<number> {
  const { storage, cache, client } = session(dbName)
  await client.fetchQuery(figureQuery(market, { kind: 'residentialPrice', ...params(0) }))
  await new Promise((resolve) => setTimeout(resolve, 0))
  await cache.flush()
  const [first] = await storage.records()
  if (typeof first?.value !== 'string') throw new Error('the offline cache wrote nothing')
  const { key, value } = first
  const raw = createStore(dbName, STORE)
  for (let start = 1; start < count; start += SEED_CHUNK) {
    const chunk: Array<[string, string]> = []
    for (let index = start; index < Math.min(count, start + SEED_CHUNK); index += 1) {
      chunk.push([
        key.replaceAll('area-0"', `area-${index}"`),
        value.replaceAll('area-0"', `area-${index}"`)
      ])
    }
    await setMany(chunk, raw)
  }
  return (await cache.stats()).entries
}

/** Milliseconds from a fetched answer landing to its own record being on disk. */
async function writeOne(dbName: string, index: number): Promise<number> {
  const { cache, client } = session(dbName)
  await client.fetchQuery(figureQuery(market, { kind: 'residentialPrice', ...params(index) }))
  const started = performance.now()
  await new Promise((resolve) => setTimeout(resolve, 0))
  await cache.flush()
  return performance.now() - started
}

/** Every cached result restored into a fresh query client: what the app does before it renders. */
async function restoreAll(dbName: string): Promise<{ ms: number; queries: number }> {
  const { cache, client } = open(dbName)
  const started = performance.now()
  await cache.restore(client, (answer) => new MarketQueryError(answer))
  return { ms: performance.now() - started, queries: client.getQueryCache().getAll().length }
}

/** The background compaction the app runs once writes pile up: loose records into packs. */
async function compact(dbName: string): Promise<{ ms: number; packed: number; packs: number }> {
  const storage = storageFor(dbName)
  const started = performance.now()
  const report = await storage.compact()
  return { ms: performance.now() - started, ...report }
}

Object.assign(window, { marketBench: { seed, writeOne, restoreAll, compact } })
