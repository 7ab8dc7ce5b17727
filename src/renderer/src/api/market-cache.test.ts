import { createStore, keys, set } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { createIdbCacheStorage, createMemoryCacheStorage } from './cache-store/cache-storage'
import { CACHE_KEY_PREFIX, CACHE_MAX_AGE_MS, createMarketCache } from './market-cache'
import { residentialPriceQuery } from './market-queries'
import { createAppQueryClient } from './query-client'
import { marketKeys } from './query-keys'
import { createFakeMarket } from '../test/fake-market'

const LEKKI = { location: 'lekki-phase-1', countryCode: 'NG' }

async function waitForEntries(count: () => Promise<number>, expected: number) {
  await vi.waitFor(async () => expect(await count()).toBe(expected))
}

describe('per-query persistence in IndexedDB', () => {
  it('writes one IndexedDB record per query and never rewrites the others', async () => {
    const storage = createIdbCacheStorage(`test-db-${Math.random()}`, 'queries')
    const setItem = vi.spyOn(storage, 'setItem')
    const cache = createMarketCache(storage, '1.0.0')
    const client = createAppQueryClient(cache)
    const market = createFakeMarket()

    await client.fetchQuery(residentialPriceQuery(market, { ...LEKKI, type: 'rent', beds: '2' }))
    await waitForEntries(async () => (await cache.stats()).entries, 1)
    await client.fetchQuery(residentialPriceQuery(market, { ...LEKKI, type: 'sale', beds: '2' }))
    await waitForEntries(async () => (await cache.stats()).entries, 2)

    expect(setItem).toHaveBeenCalledTimes(2)
    const writtenKeys = setItem.mock.calls.map(([key]) => key)
    expect(new Set(writtenKeys).size).toBe(2)
    expect(writtenKeys.every((key) => key.startsWith(`${CACHE_KEY_PREFIX}-`))).toBe(true)
  })

  it('restores a result after a restart without asking the service, with its provenance', async () => {
    const storage = createIdbCacheStorage(`test-db-${Math.random()}`, 'queries')
    const market = createFakeMarket()
    const first = createAppQueryClient(createMarketCache(storage, '1.0.0'))
    const fetched = await first.fetchQuery(
      residentialPriceQuery(market, { ...LEKKI, type: 'sale', beds: '3' })
    )
    await waitForEntries(async () => (await storage.entries()).length, 1)

    const restarted = createAppQueryClient(createMarketCache(storage, '1.0.0'))
    const before = market.calls.length
    const restored = await restarted.fetchQuery(
      residentialPriceQuery(market, { ...LEKKI, type: 'sale', beds: '3' })
    )
    expect(restored).toEqual(fetched)
    expect(restored.meta.source).toBe('demo')
    expect(market.calls.length).toBe(before)
  })

  it('does not persist settings or other app queries', async () => {
    const storage = createMemoryCacheStorage()
    const client = createAppQueryClient(createMarketCache(storage, '1.0.0'))
    await client.fetchQuery({
      queryKey: ['app', 'settings'],
      queryFn: async () => ({ theme: 'dark' })
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await storage.entries()).toEqual([])
  })
})

describe('listing and clearing the cache', () => {
  it('lists current entries and skips other versions and expired ones', async () => {
    const storage = createMemoryCacheStorage()
    const cache = createMarketCache(storage, '2.0.0')
    const client = createAppQueryClient(cache)
    await client.fetchQuery(
      residentialPriceQuery(createFakeMarket(), { ...LEKKI, type: 'rent', beds: '1' })
    )
    await waitForEntries(async () => (await cache.listEntries()).length, 1)

    const oldVersion = createMarketCache(storage, '1.0.0')
    expect(await oldVersion.listEntries()).toEqual([])
    expect(await cache.listEntries(Date.now() + CACHE_MAX_AGE_MS + 1)).toEqual([])

    const [entry] = await cache.listEntries()
    expect(entry?.queryKey).toEqual(
      marketKeys.residentialPrice({ ...LEKKI, type: 'rent', beds: '1' })
    )
    expect(await cache.readQuery(entry?.queryKey ?? [])).toEqual(entry)

    const stats = await cache.stats()
    expect(stats.entries).toBe(1)
    expect(stats.bytes).toBeGreaterThan(100)
    await cache.clear()
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 })
  })
})

describe('damaged records', () => {
  async function seededIdb() {
    const dbName = `test-db-${Math.random()}`
    const storage = createIdbCacheStorage(dbName, 'queries')
    const cache = createMarketCache(storage, '1.0.0')
    const client = createAppQueryClient(cache)
    const market = createFakeMarket()
    await client.fetchQuery(residentialPriceQuery(market, { ...LEKKI, type: 'rent', beds: '2' }))
    await client.fetchQuery(residentialPriceQuery(market, { ...LEKKI, type: 'sale', beds: '2' }))
    await waitForEntries(async () => (await cache.stats()).entries, 2)
    return { storage, cache, rawStore: createStore(dbName, 'queries') }
  }

  it('names damaged records apart from readable, stale and foreign ones', async () => {
    const { storage, cache, rawStore } = await seededIdb()
    const [first] = await cache.listEntries()
    if (!first) throw new Error('nothing seeded')
    const whole = (await storage.getItem(first.storageKey)) ?? ''
    await storage.setItem(first.storageKey, whole.slice(0, whole.length / 2))
    await storage.setItem(`${CACHE_KEY_PREFIX}-not-a-query`, JSON.stringify({ hello: 1 }))
    await storage.setItem(
      `${CACHE_KEY_PREFIX}-no-data`,
      JSON.stringify({ buster: cache.buster, queryKey: ['market'], state: {} })
    )
    await storage.setItem(
      `${CACHE_KEY_PREFIX}-old-version`,
      whole.replace(cache.buster, 'an-older-buster')
    )
    await storage.setItem('someone-else', 'not json')
    await set(`${CACHE_KEY_PREFIX}-not-text`, { structured: 'clone' }, rawStore)

    const scan = await cache.scan()
    expect(scan.entries).toHaveLength(1)
    expect(scan.entries[0]?.storageKey).not.toBe(first.storageKey)
    expect(scan.damagedKeys.sort()).toEqual(
      [
        first.storageKey,
        `${CACHE_KEY_PREFIX}-no-data`,
        `${CACHE_KEY_PREFIX}-not-a-query`,
        `${CACHE_KEY_PREFIX}-not-text`
      ].sort()
    )
    expect(await cache.readQuery(first.queryKey)).toBeUndefined()
  })

  it('removes only the records it is given', async () => {
    const { storage, cache } = await seededIdb()
    await storage.setItem(`${CACHE_KEY_PREFIX}-garbage`, '{"trunc')
    const before = await cache.scan()
    await cache.removeEntries(before.damagedKeys)
    const after = await cache.scan()
    expect(after.damagedKeys).toEqual([])
    expect(after.entries.map((entry) => entry.storageKey)).toEqual(
      before.entries.map((entry) => entry.storageKey)
    )
  })

  it('reports an unreadable pack once compaction has packed records, and removes it', async () => {
    const { storage, cache, rawStore } = await seededIdb()
    await storage.compact?.()
    const packed = await cache.scan()
    expect(packed.entries).toHaveLength(2)
    const packKeys = (await keys<string>(rawStore)).filter((key) => key.includes('pack'))
    expect(packKeys.length).toBeGreaterThan(0)
    for (const key of packKeys) await set(key, 'not a pack', rawStore)

    const scan = await cache.scan()
    expect(scan.entries).toEqual([])
    expect(scan.damagedKeys.sort()).toEqual(packKeys.sort())
    await cache.removeEntries(scan.damagedKeys)
    expect(await cache.scan()).toEqual({ entries: [], damagedKeys: [], staleKeys: [] })
  })

  it('garbage collection drops stale records and keeps damaged ones for the user', async () => {
    const { storage, cache } = await seededIdb()
    const [first] = await cache.listEntries()
    if (!first) throw new Error('nothing seeded')
    const whole = (await storage.getItem(first.storageKey)) ?? ''
    await storage.setItem(`${CACHE_KEY_PREFIX}-old`, whole.replace(cache.buster, 'older'))
    await storage.setItem(`${CACHE_KEY_PREFIX}-broken`, '{"trunc')

    expect(await cache.collectGarbage()).toBe(1)
    const scan = await cache.scan()
    expect(scan.entries).toHaveLength(2)
    expect(scan.staleKeys).toEqual([])
    expect(scan.damagedKeys).toEqual([`${CACHE_KEY_PREFIX}-broken`])
  })
})
