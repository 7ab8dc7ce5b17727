import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createIdbSeriesStorage, createObservationHistory } from './observation-history'
import { createMemorySeriesStorage } from '../../../../test/support/renderer/memory-storage'

const key = (beds: string) => ['market', 'residentialPrice', { location: 'yaba', beds }] as const
const identity = (beds: string, source: 'demo' | 'remote' = 'demo') => ({
  source,
  baseUrl: source === 'demo' ? 'embedded-demo' : 'https://api.example.com',
  queryHash: JSON.stringify(key(beds)),
  queryKey: key(beds)
})

describe('observed history store', () => {
  it('keeps demo and remote answers for the same query in separate series', async () => {
    const history = createObservationHistory(createMemorySeriesStorage())
    await history.record(identity('2'), { value: 1, unit: 'NGN', at: 1 })
    await history.record(identity('2', 'remote'), { value: 2, unit: 'NGN', at: 2 })
    const all = await history.all()
    expect(all.map((s) => [s.source, s.observations.map((o) => o.value)])).toEqual([
      ['demo', [1]],
      ['remote', [2]]
    ])
  })

  it('survives a reload from IndexedDB and skips damaged records', async () => {
    const dbName = `history-${Math.random()}`
    const first = createObservationHistory(createIdbSeriesStorage(dbName))
    await first.record(identity('1'), { value: 10, unit: 'NGN', at: 1 })
    await first.record(identity('1'), { value: 12, unit: 'NGN', at: 2 })
    const storage = createIdbSeriesStorage(dbName)
    await storage.put('demo|embedded-demo|junk', { nope: true } as never)
    const reloaded = createObservationHistory(storage)
    const all = await reloaded.all()
    expect(all).toHaveLength(1)
    expect(all[0]?.observations.map((o) => o.value)).toEqual([10, 12])
  })

  it('records in the order answers arrive: a figure seen with the clock a year ahead keeps recording', async () => {
    const history = createObservationHistory(createMemorySeriesStorage())
    const now = Date.parse('2026-11-01T00:00:00Z')
    const yearAhead = now + 365 * 24 * 3_600_000
    expect(await history.record(identity('4'), { value: 9, unit: 'NGN', at: yearAhead })).toBe(
      'appended'
    )
    expect(await history.record(identity('4'), { value: 10, unit: 'NGN', at: now })).toBe(
      'appended'
    )
    expect(await history.record(identity('4'), { value: 9, unit: 'NGN', at: yearAhead })).toBe(
      'ignored'
    )
    const [series] = await history.all()
    expect(series?.observations.map((o) => o.value)).toEqual([9, 10])
  })

  it('at its bound keeps every figure and records no new one, while known ones still change', async () => {
    const storage = createMemorySeriesStorage()
    const history = createObservationHistory(storage, { maxSeries: 2 })
    await history.record(identity('1'), { value: 1, unit: 'NGN', at: 1 })
    await history.record(identity('2'), { value: 1, unit: 'NGN', at: 2 })
    expect(await history.record(identity('3'), { value: 1, unit: 'NGN', at: 3 })).toBe('full')
    expect(await history.record(identity('1'), { value: 2, unit: 'NGN', at: 4 })).toBe('appended')
    expect((await history.all()).map((s) => s.queryKey[2])).toEqual([
      { location: 'yaba', beds: '1' },
      { location: 'yaba', beds: '2' }
    ])
    expect(storage.map.size).toBe(2)
  })

  it('orders concurrent writes and tells subscribers, and clears', async () => {
    let calls = 0
    const history = createObservationHistory(createMemorySeriesStorage(), {
      onChange: () => (calls += 1)
    })
    await Promise.all([
      history.record(identity('1'), { value: 1, unit: 'NGN', at: 1 }),
      history.record(identity('1'), { value: 2, unit: 'NGN', at: 2 }),
      history.record(identity('1'), { value: 2, unit: 'NGN', at: 3 })
    ])
    const [series] = await history.all()
    expect(series?.observations).toEqual([
      { value: 1, unit: 'NGN', firstSeenAt: 1, lastSeenAt: 1 },
      { value: 2, unit: 'NGN', firstSeenAt: 2, lastSeenAt: 3 }
    ])
    expect(calls).toBe(3)
    await history.clear()
    expect(await history.all()).toEqual([])
  })

  it('flush waits for the writes already queued and counts the ones that failed', async () => {
    const storage = createMemorySeriesStorage()
    const slowPut = storage.put
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    storage.put = async (id, series) => {
      await gate
      if (id.includes('"3"')) throw new Error('disk full')
      return slowPut(id, series)
    }
    const history = createObservationHistory(storage)
    void history.record(identity('1'), { value: 1, unit: 'NGN', at: 1 }).catch(() => undefined)
    void history.record(identity('3'), { value: 1, unit: 'NGN', at: 1 }).catch(() => undefined)
    let flushed = false
    const flushing = history.flush().then((outcome) => {
      flushed = true
      return outcome
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(flushed).toBe(false)
    release()
    expect(await flushing).toEqual({ written: 1, failed: 1 })
    expect(storage.map.size).toBe(1)
  })
})
