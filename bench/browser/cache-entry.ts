/**
 * Bundled into a page for the Chromium cache benchmarks: the app's own IndexedDB storage,
 * per-query persister and query client, driven through window.marketBench.
 */
import type { QueryClient } from '@tanstack/react-query'
import { createStore, setMany } from 'idb-keyval'
import { createIdbCacheStorage } from '../../src/renderer/src/api/cache-storage'
import { createMarketCache } from '../../src/renderer/src/api/market-cache'
import type { MarketCache } from '../../src/renderer/src/api/market-cache'
import { residentialPriceQuery } from '../../src/renderer/src/api/market-queries'
import { createAppQueryClient } from '../../src/renderer/src/api/query-client'
import { marketKeys } from '../../src/renderer/src/api/query-keys'
import type { ResidentialPriceParams } from '../../src/renderer/src/api/query-keys'
import type { MarketApi } from '@shared/contract'

const VERSION = 'bench'
const STORE = 'queries'
const SEED_CHUNK = 5_000

const params = (index: number): ResidentialPriceParams => ({
  location: `area-${index}`,
  countryCode: 'NG',
  type: 'rent',
  beds: '2'
})

/** Answers like the real handlers do (Result with provenance). */
const market = {
  getResidentialPrice: async (input: { location: string; countryCode: string; beds: string }) => ({
    ok: true,
    data: {
      price: 5_250_000,
      beds: input.beds,
      location: input.location,
      country_code: input.countryCode,
      currency: 'NGN'
    },
    meta: { source: 'remote', fetchedAt: new Date().toISOString() }
  })
} as unknown as MarketApi

interface Session {
  cache: MarketCache
  client: QueryClient
}
const sessions = new Map<string, Session>()

/** The app's storage, compacting only when told to (the app does it in the background). */
const storageFor = (dbName: string) => createIdbCacheStorage(dbName, STORE, { autoCompact: false })

function session(dbName: string): Session {
  let found = sessions.get(dbName)
  if (!found) {
    const cache = createMarketCache(storageFor(dbName), VERSION)
    found = { cache, client: createAppQueryClient(cache) }
    sessions.set(dbName, found)
  }
  return found
}

async function waitForEntries(cache: MarketCache, count: number): Promise<void> {
  while ((await cache.stats()).entries < count) await new Promise((r) => setTimeout(r, 5))
}

/** Stores `count` results: one through the app's persister, the rest as variants of its record. */
async function seed(dbName: string, count: number): Promise<number> {
  const { cache, client } = session(dbName)
  await client.fetchQuery(residentialPriceQuery(market, params(0)))
  await waitForEntries(cache, 1)
  const [first] = await cache.storage.entries()
  if (!first) throw new Error('the persister wrote nothing')
  const [key, value] = first
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

/** Milliseconds for the app to write one new result to its own record. */
async function writeOne(dbName: string, index: number): Promise<number> {
  const { cache, client } = session(dbName)
  const template = client.getQueryData(marketKeys.residentialPrice(params(0)))
  const queryKey = marketKeys.residentialPrice(params(index))
  client.setQueryData(queryKey, template)
  const started = performance.now()
  await cache.persist(client, queryKey)
  return performance.now() - started
}

/** A cold read of every cached result: what the offline library does when it opens. */
async function scanAll(dbName: string): Promise<{ ms: number; entries: number; damaged: number }> {
  const cache = createMarketCache(storageFor(dbName), VERSION)
  const started = performance.now()
  const scan = await cache.scan()
  return {
    ms: performance.now() - started,
    entries: scan.entries.length,
    damaged: scan.damagedKeys.length
  }
}

/** Every cached result restored into a fresh query client (the persister's restoreQueries). */
async function restoreAll(dbName: string): Promise<{ ms: number; queries: number }> {
  const cache = createMarketCache(storageFor(dbName), VERSION)
  const client = createAppQueryClient(cache)
  const started = performance.now()
  await cache.persister.restoreQueries(client as never)
  return { ms: performance.now() - started, queries: client.getQueryCache().getAll().length }
}

/** The background compaction the app runs once writes pile up: loose records into packs. */
async function compact(dbName: string): Promise<{ ms: number; packed: number; packs: number }> {
  const storage = storageFor(dbName)
  const started = performance.now()
  const report = await storage.compact?.()
  if (!report) throw new Error('the storage does not compact')
  return { ms: performance.now() - started, ...report }
}

Object.assign(window, { marketBench: { seed, writeOne, scanAll, restoreAll, compact } })
