import { afterAll, describe, expect, it } from 'vitest'
import { createAnswerCache } from './answer-cache'
import type { CachedAnswer } from './answer-cache'
import { get, testApp } from '../../test/support/service/helpers'

const answerOf = (characters: number): CachedAnswer => ({
  status: 200,
  body: 'x'.repeat(characters)
})

describe('createAnswerCache', () => {
  it('keeps its bytes under the bound, evicting the least recently used answer', () => {
    const cache = createAnswerCache({ maxBytes: 1_000, maxEntryBytes: 400 })
    cache.set('a', answerOf(120))
    cache.set('b', answerOf(120))
    cache.set('c', answerOf(120))
    expect(cache.get('a')).toBeDefined() // a is now the most recently used
    cache.set('d', answerOf(120))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')?.body).toHaveLength(120)
    expect(cache.get('c')).toBeDefined()
    expect(cache.get('d')).toBeDefined()
    const stats = cache.stats()
    expect(stats).toMatchObject({ entries: 3, evicted: 1 })
    expect(stats.bytes).toBeLessThanOrEqual(1_000)
  })

  it('never holds more than its byte bound over many distinct keys', () => {
    const cache = createAnswerCache({ maxBytes: 10_000, maxEntryBytes: 2_000 })
    let largest = 0
    for (let index = 0; index < 2_000; index += 1) {
      cache.set(`key-${index}`, answerOf(50 + (index % 7) * 100))
      largest = Math.max(largest, cache.stats().bytes)
    }
    expect(largest).toBeLessThanOrEqual(10_000)
    expect(cache.get('key-1999')).toBeDefined()
    expect(cache.get('key-0')).toBeUndefined()
  })

  it('does not keep an answer over the per-entry bound', () => {
    const cache = createAnswerCache({ maxBytes: 10_000, maxEntryBytes: 1_000 })
    cache.set('small', answerOf(100))
    cache.set('huge', answerOf(2_000))
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.get('small')).toBeDefined()
    expect(cache.stats()).toMatchObject({ entries: 1, tooBig: 1 })
  })

  it('counts a replaced answer once', () => {
    const cache = createAnswerCache({ maxBytes: 10_000, maxEntryBytes: 1_000 })
    cache.set('a', answerOf(100))
    const once = cache.stats().bytes
    cache.set('a', answerOf(100))
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: once })
  })
})

describe('the service keys its answer cache by route and recognised parameters', () => {
  const cache = createAnswerCache()
  const app = testApp({ answerCache: cache })
  afterAll(() => app.close())

  it('gives one entry to URLs that differ only in unknown parameters, their order, /v1 or a JSON body', async () => {
    const variants = [
      { path: '/locations?sector=land&x=1' },
      { path: '/locations?x=2&sector=land' },
      { path: '/locations?sector=land&x=3&y=4' },
      { path: '/v1/locations?sector=land&z=5' },
      { path: '/locations', body: { sector: 'land', x: 6 } }
    ]
    const bodies = new Set<string>()
    for (const { path, body } of variants) {
      const reply = await get(app, path, body === undefined ? {} : { body })
      expect(reply.status).toBe(200)
      bodies.add(JSON.stringify(reply.body))
    }
    expect(bodies.size).toBe(1)
    expect(cache.stats().entries).toBe(1)
    expect((await get(app, '/locations?sector=residential&x=7')).status).toBe(200)
    expect(cache.stats().entries).toBe(2)
  })

  it('does not cache answers to invalid parameters, however many variations arrive', async () => {
    const before = cache.stats().entries
    for (let index = 0; index < 50; index += 1) {
      expect((await get(app, `/locations?sector=nope-${index}`)).status).toBe(400)
    }
    expect(cache.stats().entries).toBe(before)
  })
})
