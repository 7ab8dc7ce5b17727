import { describe, expect, it, vi } from 'vitest'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type {
  BatchLookupOutput,
  BatchProgressEvent,
  LookupRequest,
  LookupResult
} from '@shared/contract'
import type { MarketApi } from '@shared/operations'
import type { Result } from '@shared/result'
import { fetchFigure, sendStartedLookups } from './lookup-batcher'

const META = { source: 'remote', fetchedAt: '2026-11-01T10:00:00.000Z' } as const

interface SentBatch {
  input: { batchId: string; items: LookupRequest[] }
  answer: (result: Result<BatchLookupOutput>) => void
  fail: (error: unknown) => void
}

/** A market whose batch calls stay open until the test streams items and answers them. */
function setUp() {
  const batches: SentBatch[] = []
  const progress = new Set<(event: BatchProgressEvent) => void>()
  const cancelBatch = vi.fn(async (_input: { batchId: string }) => ({
    ok: true as const,
    data: { cancelled: true }
  }))
  const market = {
    batchLookup: (input: SentBatch['input']) =>
      new Promise<Result<BatchLookupOutput>>((answer, fail) =>
        batches.push({ input, answer, fail })
      ),
    cancelBatch,
    onBatchProgress: (listener: (event: BatchProgressEvent) => void) => {
      progress.add(listener)
      return () => progress.delete(listener)
    }
  } as unknown as MarketApi
  const flushes: Array<() => void> = []
  const lookup = (request: LookupRequest, signal?: AbortSignal) =>
    fetchFigure(market, request, signal, (flush) => flushes.push(flush))
  const flush = () => flushes.splice(0).forEach((run) => run())
  /** Main streams items of a batch (index → Result), as progress events do. */
  const stream = (batch: SentBatch | undefined, items: Array<[number, unknown]>) => {
    if (!batch) throw new Error('no batch was sent')
    const event = {
      batchId: batch.input.batchId,
      done: items.length,
      total: batch.input.items.length,
      items: items.map(([index, result]) => ({ index, result }))
    } as BatchProgressEvent
    progress.forEach((listener) => listener(event))
  }
  const reply = (batch: SentBatch | undefined, data: Partial<BatchLookupOutput> = {}) =>
    batch?.answer({ ok: true, data: { batchId: batch.input.batchId, cancelled: false, ...data } })
  return { market, batches, cancelBatch, lookup, flush, flushes, stream, reply }
}

const price = (beds: string): LookupRequest => ({
  kind: 'residentialPrice',
  location: 'lekki-phase-1',
  countryCode: 'ng',
  type: 'rent',
  beds
})
const okItem = (value: number): LookupResult => ({
  ok: true,
  data: { location: 'lekki-phase-1', country_code: 'NG', beds: '1', price: value, currency: 'NGN' },
  meta: META
})

describe('lookup batcher', () => {
  it('lookups started in the same task leave in one call; each resolves from its streamed item', async () => {
    const { batches, lookup, flush, flushes, stream, reply } = setUp()
    const one = lookup(price('1'))
    const two = lookup(price('2'))
    expect(flushes).toHaveLength(1)
    flush()
    expect(batches).toHaveLength(1)
    expect(batches[0]?.input.items).toEqual([
      {
        kind: 'residentialPrice',
        beds: '1',
        countryCode: 'NG',
        location: 'lekki-phase-1',
        type: 'rent'
      },
      {
        kind: 'residentialPrice',
        beds: '2',
        countryCode: 'NG',
        location: 'lekki-phase-1',
        type: 'rent'
      }
    ])
    stream(batches[0], [[1, okItem(200)]])
    expect(await two).toEqual(okItem(200))
    stream(batches[0], [[0, okItem(100)]])
    expect(await one).toEqual(okItem(100))
    reply(batches[0])
  })

  it('sendStartedLookups sends the lookups started so far at once, and the scheduled send none again', async () => {
    const { market, batches, lookup, flush, stream } = setUp()
    const one = lookup(price('1'))
    const two = lookup(price('2'))
    sendStartedLookups(market)
    expect(batches.map((batch) => batch.input.items.length)).toEqual([2])
    const three = lookup(price('3'))
    flush()
    expect(batches.map((batch) => batch.input.items.length)).toEqual([2, 1])
    stream(batches[0], [
      [0, okItem(1)],
      [1, okItem(2)]
    ])
    stream(batches[1], [[0, okItem(3)]])
    expect(await Promise.all([one, two, three])).toEqual([okItem(1), okItem(2), okItem(3)])
  })

  it('an item that does not check out answers BAD_RESPONSE; one never streamed, CANCELLED', async () => {
    const { batches, lookup, flush, stream, reply } = setUp()
    const one = lookup(price('1'))
    const two = lookup(price('2'))
    flush()
    stream(batches[0], [[0, { ok: true, data: { price: 'lots' } }]])
    reply(batches[0])
    expect(await one).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(await two).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
  })

  it('where nothing streams, the reply carries the Results', async () => {
    const { batches, lookup, flush, reply } = setUp()
    const one = lookup(price('1'))
    flush()
    reply(batches[0], { results: [okItem(7)] })
    expect(await one).toEqual(okItem(7))
  })

  it('a failed call fails each of its lookups with its error; a rejected call rejects them', async () => {
    const { batches, lookup, flush } = setUp()
    const failed = lookup(price('1'))
    flush()
    batches[0]?.answer({ ok: false, error: { code: 'OFFLINE', message: 'Offline mode is on.' } })
    expect(await failed).toMatchObject({ ok: false, error: { code: 'OFFLINE' } })
    const rejected = lookup(price('2'))
    flush()
    batches[1]?.fail(new Error('ipc gone'))
    await expect(rejected).rejects.toThrow('ipc gone')
  })

  it('one aborted query stops waiting; the call goes on for the others', async () => {
    const { batches, cancelBatch, lookup, flush, stream } = setUp()
    const abort = new AbortController()
    const one = lookup(price('1'), abort.signal)
    const two = lookup(price('2'))
    flush()
    abort.abort()
    expect(await one).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(cancelBatch).not.toHaveBeenCalled()
    stream(batches[0], [[1, okItem(2)]])
    expect(await two).toEqual(okItem(2))
  })

  it('when every query of a call aborts, the call is cancelled in main', async () => {
    const { batches, cancelBatch, lookup, flush } = setUp()
    const controllers = [new AbortController(), new AbortController()]
    const all = controllers.map((controller, index) =>
      lookup(price(String(index)), controller.signal)
    )
    flush()
    controllers.forEach((controller) => controller.abort())
    await Promise.all(all)
    expect(cancelBatch).toHaveBeenCalledTimes(1)
    expect(cancelBatch).toHaveBeenCalledWith({ batchId: batches[0]?.input.batchId })
  })

  it('a query aborted before the call leaves is not sent', async () => {
    const { batches, lookup, flush } = setUp()
    const abort = new AbortController()
    const gone = lookup(price('1'), abort.signal)
    const kept = lookup(price('2'))
    abort.abort()
    flush()
    expect(await gone).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(batches[0]?.input.items.map((item) => (item as { beds: string }).beds)).toEqual(['2'])
    void kept
  })

  it('more lookups than one call holds leave at once in calls of at most MAX_BATCH_ITEMS', () => {
    const { batches, lookup, flush } = setUp()
    for (let index = 0; index < MAX_BATCH_ITEMS + 5; index += 1) void lookup(price(String(index)))
    flush()
    expect(batches.map((batch) => batch.input.items.length)).toEqual([MAX_BATCH_ITEMS, 5])
    expect(new Set(batches.map((batch) => batch.input.batchId)).size).toBe(2)
  })
})
