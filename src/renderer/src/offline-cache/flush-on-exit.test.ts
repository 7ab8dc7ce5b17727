import { describe, expect, it, vi } from 'vitest'
import { createApp } from '../data/create-app'
import { figureQuery } from '../data/queries'
import { createFakeMarket } from '../../../../test/support/renderer/fake-market'
import { installFlushOnExit } from './flush-on-exit'
import type { CacheStorage } from './storage-types'
import {
  createMemoryCacheStorage,
  createMemorySeriesStorage
} from '../../../../test/support/renderer/memory-storage'

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

function appOn(storage: CacheStorage) {
  const market = createFakeMarket()
  const app = createApp({
    market,
    cacheStorage: storage,
    seriesStorage: createMemorySeriesStorage(),
    localStorage: window.localStorage,
    appVersion: 'test'
  })
  installFlushOnExit(market, [app.deps.cache, app.deps.history])
  return { market, app }
}

describe('flush on exit', () => {
  it("answers main's flush request only once the result's write is on disk", async () => {
    const { storage, inner, release, held } = heldStorage()
    const { market, app } = appOn(storage)
    await app.queryClient.fetchQuery(figureQuery(market, { kind: 'residentialPrice', ...QUERY }))
    // The result is shown; its write is still in flight.
    await vi.waitFor(() => expect(held).toHaveLength(1))

    market.requestFlush('flush-1')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(market.callsOf('answerFlush')).toEqual([])
    release()
    await vi.waitFor(() => expect(market.callsOf('answerFlush')).toHaveLength(1))
    expect(market.callsOf('answerFlush')[0]?.input).toEqual({
      flushId: 'flush-1',
      written: 1,
      failed: 0
    })
    expect(await inner.records()).toHaveLength(1)
  })

  it('ignores a malformed flush request', async () => {
    const { market } = appOn(createMemoryCacheStorage())
    market.requestFlush('has spaces')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(market.callsOf('answerFlush')).toEqual([])
  })
})
