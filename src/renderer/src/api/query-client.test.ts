import { hashKey, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryCacheStorage } from './cache-store/cache-storage'
import { encodeRecord } from './cache-store/cache-record'
import { CACHE_KEY_PREFIX, createMarketCache } from './market-cache'
import { MARKET_STALE_MS, residentialPriceQuery } from './market-queries'
import { createAppQueryClient } from './query-client'
import { createFakeMarket } from '../test/fake-market'

const PARAMS = { location: 'lekki-phase-1', countryCode: 'NG', type: 'rent', beds: '2' } as const
const CACHED = { data: { price: 123 }, meta: { source: 'demo', fetchedAt: '2025-03-01T10:00:00Z' } }

/** Node's process (the renderer tests run in Node): where unhandled rejections are reported. */
interface RejectionEvents {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): void
}
const nodeProcess = (globalThis as unknown as { process: RejectionEvents }).process

let rejections: unknown[] = []
const onRejection = (reason: unknown) => rejections.push(reason)
beforeEach(() => {
  rejections = []
  nodeProcess.on('unhandledRejection', onRejection)
})
afterEach(() => {
  nodeProcess.off('unhandledRejection', onRejection)
})

/** A client whose cache holds the rent query, written `ageMs` ago. */
async function clientWithCachedRent(ageMs: number) {
  const storage = createMemoryCacheStorage()
  const cache = createMarketCache(storage, 'test')
  const market = createFakeMarket({ settings: { offlineMode: true } })
  const query = residentialPriceQuery(market, PARAMS)
  await storage.setItem(
    `${CACHE_KEY_PREFIX}-${hashKey(query.queryKey)}`,
    encodeRecord({
      buster: cache.buster,
      queryKey: query.queryKey,
      queryHash: hashKey(query.queryKey),
      state: { data: CACHED, dataUpdatedAt: Date.now() - ageMs } as never
    })
  )
  market.setFault('getResidentialPrice', {
    code: 'OFFLINE',
    message: 'Offline mode is on. Turn it off in Settings to fetch new data.'
  })
  return { client: createAppQueryClient(cache), market, query }
}

describe('restoring cached results', () => {
  it('a restored result older than an hour is refreshed; a failed refresh is shown, never an unhandled rejection', async () => {
    const { client, market, query } = await clientWithCachedRent(2 * MARKET_STALE_MS)
    const observer = new QueryObserver(client, query)
    const unsubscribe = observer.subscribe(() => undefined)
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().error?.code).toBe('OFFLINE'))
      expect(observer.getCurrentResult().data).toEqual(CACHED)
      expect(market.callsOf('getResidentialPrice')).toHaveLength(1)
      // Give the event loop a few turns to report any rejection nobody handled.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(rejections).toEqual([])
    } finally {
      unsubscribe()
    }
  })

  it('a restored result under an hour old is shown without asking the service', async () => {
    const { client, market, query } = await clientWithCachedRent(10 * 60 * 1000)
    const observer = new QueryObserver(client, query)
    const unsubscribe = observer.subscribe(() => undefined)
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(CACHED))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(market.callsOf('getResidentialPrice')).toHaveLength(0)
      expect(observer.getCurrentResult().isStale).toBe(false)
    } finally {
      unsubscribe()
    }
  })
})
