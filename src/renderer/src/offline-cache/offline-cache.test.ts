import { createStore, keys, set } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { lookupKey } from '@shared/figures/identity'
import { createAppQueryClient } from '../data/query-client'
import { MarketQueryError } from '../data/market-result'
import { figureQuery } from '../data/queries'
import { DEFAULT_CACHE_DAYS } from '../lib/staleness'
import { createFakeMarket } from '../../../../test/support/renderer/fake-market'
import { encodeRecord } from './cache-record'
import { createPackedIdbStorage } from './packed-idb-storage'
import { CACHE_KEY_PREFIX, createOfflineCache } from './offline-cache'
import type { CacheStorage } from './storage-types'
import { createMemoryCacheStorage } from '../../../../test/support/renderer/memory-storage'

const LEKKI = { location: 'lekki-phase-1', countryCode: 'NG' }
const BUSTER = '1.0.0+cache-v1'
const noDataError = (answer: { code: 'NOT_FOUND'; message: string }) => new MarketQueryError(answer)

/** A cache on `storage` whose client writes each successful market query. */
function session(storage: CacheStorage, version = '1.0.0') {
  const cache = createOfflineCache(storage, version)
  const client = createAppQueryClient()
  cache.persistAnswers(client)
  return { cache, client }
}

async function entriesOf(storage: CacheStorage, expected: number) {
  await vi.waitFor(async () => expect(await storage.records()).toHaveLength(expected))
}

const priceKey = (beds: string) =>
  lookupKey({ kind: 'residentialPrice', ...LEKKI, type: 'rent', beds })
/** The storage key the app writes a query under. */
const storageKey = (beds: string) => `${CACHE_KEY_PREFIX}-${JSON.stringify(priceKey(beds))}`

/** One stored record of a price fetched `ageMs` ago, as the app writes it. */
function record(beds: string, ageMs: number, buster = BUSTER) {
  const queryKey = priceKey(beds)
  const fetchedAt = Date.now() - ageMs
  const data = {
    data: { price: 1_000 * Number(beds), currency: 'NGN' },
    meta: { source: 'demo', fetchedAt: new Date(fetchedAt).toISOString() }
  }
  return encodeRecord(buster, queryKey, fetchedAt, { data })
}

describe('the offline cache: each answer written, all restored at start', () => {
  it('writes one record per successful market query, never settings, never twice the others', async () => {
    const storage = createPackedIdbStorage(`test-db-${Math.random()}`, 'queries')
    const setItem = vi.spyOn(storage, 'setItem')
    const { client } = session(storage)
    const market = createFakeMarket()
    await client.fetchQuery(
      figureQuery(market, { kind: 'residentialPrice', ...LEKKI, type: 'rent', beds: '2' })
    )
    await client.fetchQuery(
      figureQuery(market, { kind: 'residentialPrice', ...LEKKI, type: 'sale', beds: '2' })
    )
    await client.fetchQuery({ queryKey: ['app', 'settings'], queryFn: async () => ({ a: 1 }) })
    await entriesOf(storage, 2)
    const written = setItem.mock.calls.map(([key]) => key)
    expect(written).toHaveLength(2)
    expect(new Set(written).size).toBe(2)
    expect(written.every((key) => key.startsWith(`${CACHE_KEY_PREFIX}-`))).toBe(true)
  })

  it('a restart restores every answer into the query cache: read with no call, with its provenance', async () => {
    const storage = createMemoryCacheStorage()
    const market = createFakeMarket()
    const query = figureQuery(market, {
      kind: 'residentialPrice',
      ...LEKKI,
      type: 'sale',
      beds: '3'
    })
    const fetched = await session(storage).client.fetchQuery(query)
    await entriesOf(storage, 1)

    const restarted = session(storage)
    expect(await restarted.cache.restore(restarted.client, noDataError)).toEqual({
      restored: 1,
      damagedKeys: [],
      outdatedKeys: []
    })
    const before = market.calls.length
    expect(restarted.client.getQueryData(query.queryKey)).toEqual(fetched)
    expect(await restarted.client.fetchQuery(query)).toEqual(fetched)
    expect(market.calls.length).toBe(before)
    // Restored is not fetched: nothing is written again.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await storage.records()).toHaveLength(1)
  })

  it('keeps "no data" (NOT_FOUND) as an answer: a restart knows it, offline, with no call', async () => {
    const storage = createMemoryCacheStorage()
    const market = createFakeMarket({ notFoundBeds: { 'lekki-phase-1': ['5'] } })
    const query = figureQuery(market, {
      kind: 'residentialPrice',
      ...LEKKI,
      type: 'rent',
      beds: '5'
    })
    await expect(session(storage).client.fetchQuery(query)).rejects.toMatchObject({
      code: 'NOT_FOUND'
    })
    await entriesOf(storage, 1)
    const calls = market.calls.length

    const restarted = session(storage)
    expect((await restarted.cache.restore(restarted.client, noDataError)).restored).toBe(1)
    expect(market.calls.length).toBe(calls)
    const state = restarted.client.getQueryState(query.queryKey)
    expect(state).toMatchObject({ status: 'error', data: undefined })
    expect(state?.error).toBeInstanceOf(MarketQueryError)
    expect(state?.error?.code).toBe('NOT_FOUND')
  })

  it('restores an expired answer with its date; leaves out another version, which it names', async () => {
    const storage = createMemoryCacheStorage()
    await storage.setItem(
      storageKey('1'),
      record('1', DEFAULT_CACHE_DAYS * 86_400_000 + 86_400_000)
    )
    await storage.setItem(storageKey('2'), record('2', 1_000, 'an-older-buster'))
    const { cache, client } = session(storage)
    const report = await cache.restore(client, noDataError)
    expect(report).toEqual({ restored: 1, damagedKeys: [], outdatedKeys: [storageKey('2')] })
    expect(client.getQueryState(priceKey('2'))).toBeUndefined()
    // Kept for the session like every market query (never collected for want of a screen).
    expect(client.getQueryCache().find({ queryKey: priceKey('1') })?.gcTime).toBe(Infinity)
    const state = client.getQueryState(priceKey('1'))
    expect(state?.data).toMatchObject({ data: { price: 1_000 } })
    expect(Date.now() - (state?.dataUpdatedAt ?? 0)).toBeGreaterThan(
      DEFAULT_CACHE_DAYS * 86_400_000
    )
  })

  it('names damaged records (cut, not a query, not text, no provenance) and keeps them until removed', async () => {
    const dbName = `test-db-${Math.random()}`
    const storage = createPackedIdbStorage(dbName, 'queries')
    await storage.setItem(`${CACHE_KEY_PREFIX}-good`, record('1', 1_000))
    const whole = record('2', 1_000)
    await storage.setItem(`${CACHE_KEY_PREFIX}-cut`, whole.slice(0, whole.length / 2))
    await storage.setItem(`${CACHE_KEY_PREFIX}-not-a-query`, JSON.stringify({ hello: 1 }))
    await storage.setItem(`${CACHE_KEY_PREFIX}-no-meta`, whole.replace('"meta"', '"other"'))
    await storage.setItem('someone-else', 'not json')
    await set(
      `${CACHE_KEY_PREFIX}-not-text`,
      { structured: 'clone' },
      createStore(dbName, 'queries')
    )
    const { cache, client } = session(storage)
    const report = await cache.restore(client, noDataError)
    const damaged = ['cut', 'not-a-query', 'no-meta', 'not-text'].map(
      (name) => `${CACHE_KEY_PREFIX}-${name}`
    )
    expect(report.restored).toBe(1)
    expect([...report.damagedKeys].sort()).toEqual(damaged.sort())
    expect([...cache.damagedKeys()].sort()).toEqual(damaged.sort())
    await cache.removeEntries(cache.damagedKeys())
    expect(cache.damagedKeys()).toEqual([])
    expect((await storage.records()).map(({ key }) => key).sort()).toEqual(
      [`${CACHE_KEY_PREFIX}-good`, 'someone-else'].sort()
    )
  })

  it('names an unreadable pack once compaction has packed records', async () => {
    const dbName = `test-db-${Math.random()}`
    const storage = createPackedIdbStorage(dbName, 'queries', { autoCompact: false })
    await storage.setItem(`${CACHE_KEY_PREFIX}-a`, record('1', 1_000))
    await storage.compact?.()
    const raw = createStore(dbName, 'queries')
    const packKeys = (await keys<string>(raw)).filter((key) => key.includes('pack'))
    for (const key of packKeys) await set(key, 'not a pack', raw)
    const { cache, client } = session(storage)
    const report = await cache.restore(client, noDataError)
    expect(report.restored).toBe(0)
    expect(report.damagedKeys.sort()).toEqual(packKeys.sort())
  })

  it('counts and clears what it holds', async () => {
    const storage = createMemoryCacheStorage()
    const { cache, client } = session(storage)
    await client.fetchQuery(
      figureQuery(createFakeMarket(), {
        kind: 'residentialPrice',
        ...LEKKI,
        type: 'rent',
        beds: '1'
      })
    )
    await entriesOf(storage, 1)
    const stats = await cache.stats()
    expect(stats.entries).toBe(1)
    expect(stats.bytes).toBeGreaterThan(100)
    const [query] = client.getQueryCache().getAll()
    expect([...stats.sizes]).toEqual([[query?.queryHash, stats.bytes]])
    await cache.clear()
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0, sizes: new Map() })
  })
})
