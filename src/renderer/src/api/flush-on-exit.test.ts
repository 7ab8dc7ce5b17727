import { describe, expect, it, vi } from 'vitest'
import { createMemoryCacheStorage } from './cache-store/cache-storage'
import type { CacheStorage } from './cache-store/storage-types'
import { installFlushOnExit } from './flush-on-exit'
import { createMarketCache } from './market-cache'
import { residentialPriceQuery } from './market-queries'
import { createAppQueryClient } from './query-client'
import { createFakeMarket } from '../test/fake-market'

const QUERY = { location: 'lekki-phase-1', countryCode: 'NG', type: 'rent', beds: '2' } as const

/** Memory storage whose writes wait until released (an IndexedDB write still in flight). */
function heldStorage() {
  const inner = createMemoryCacheStorage()
  const held: Array<() => void> = []
  const storage: CacheStorage = {
    ...inner,
    setItem: (key, value) =>
      new Promise<void>((resolve) => held.push(() => void inner.setItem(key, value).then(resolve)))
  }
  return { storage, inner, release: () => held.splice(0).forEach((go) => go()), held }
}

describe('flush on exit', () => {
  it("answers main's flush request only once the pending write is on disk", async () => {
    const { storage, inner, release, held } = heldStorage()
    const cache = createMarketCache(storage, 'test')
    const client = createAppQueryClient(cache)
    const market = createFakeMarket()
    installFlushOnExit(market, [cache], new EventTarget())
    await client.fetchQuery(residentialPriceQuery(market, QUERY))
    // The result is shown; its write has not even started (the persister writes a task later).
    expect(await inner.entries()).toEqual([])
    expect(cache.pendingWrites()).toBe(1)

    market.requestFlush('flush-1')
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0))
    expect(market.callsOf('answerFlush')).toEqual([])
    release()
    await vi.waitFor(() => expect(market.callsOf('answerFlush')).toHaveLength(1))
    const [answer] = market.callsOf('answerFlush')
    // The flush's own write, and the persister's if it had started by then: same entry.
    expect(answer?.input).toMatchObject({ flushId: 'flush-1', failed: 0 })
    expect((answer?.input as { written: number }).written).toBeGreaterThanOrEqual(1)
    expect(await inner.entries()).toHaveLength(1)
  })

  it('pagehide starts the pending write at once, without waiting for anything', async () => {
    const inner = createMemoryCacheStorage()
    const setItem = vi.spyOn(inner, 'setItem')
    const cache = createMarketCache(inner, 'test')
    const client = createAppQueryClient(cache)
    const market = createFakeMarket()
    const page = new EventTarget()
    const stop = installFlushOnExit(market, [cache], page)
    await client.fetchQuery(residentialPriceQuery(market, QUERY))
    expect(setItem).not.toHaveBeenCalled()
    page.dispatchEvent(new Event('pagehide'))
    // Started within the event's own task (microtasks only): a closing page runs no timers.
    await Promise.resolve()
    await Promise.resolve()
    await Promise.resolve()
    expect(setItem).toHaveBeenCalledTimes(1)
    stop()
    expect(market.callsOf('answerFlush')).toEqual([])
  })

  it('ignores a malformed flush request', async () => {
    const market = createFakeMarket()
    const cache = createMarketCache(createMemoryCacheStorage(), 'test')
    installFlushOnExit(market, [cache], new EventTarget())
    market.requestFlush('has spaces')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(market.callsOf('answerFlush')).toEqual([])
  })
})
