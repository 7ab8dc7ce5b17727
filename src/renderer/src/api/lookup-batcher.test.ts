import { describe, expect, it, vi } from 'vitest'
import type { BatchLookupOutput, LookupRequest, LookupResult } from '@shared/contract'
import type { MarketApi } from '@shared/operations'
import type { Result } from '@shared/result'
import { createLookupBatcher, fetchBatchedLookup } from './lookup-batcher'
import { MarketQueryError } from './market-result'

const LEKKI = { location: 'lekki-phase-1', countryCode: 'ng' }
const META = { source: 'remote', fetchedAt: '2026-11-01T10:00:00.000Z' } as const

interface SentBatch {
  input: { batchId: string; items: LookupRequest[] }
  answer: (result: Result<BatchLookupOutput>) => void
  fail: (error: unknown) => void
}

/** A market whose batch calls stay open until the test answers them. */
function pendingMarket() {
  const batches: SentBatch[] = []
  const singles: unknown[] = []
  const cancelBatch = vi.fn(async (_input: { batchId: string }) => ({
    ok: true as const,
    data: { cancelled: true }
  }))
  const single = vi.fn(async (input: unknown) => {
    singles.push(input)
    return { ok: true as const, data: { price: 1, currency: 'NGN' }, meta: META }
  })
  const market = {
    batchLookup: (input: SentBatch['input']) =>
      new Promise<Result<BatchLookupOutput>>((answer, fail) =>
        batches.push({ input, answer, fail })
      ),
    cancelBatch,
    cancelRequest: vi.fn(async () => ({ ok: true as const, data: { cancelled: false } })),
    getResidentialPrice: single,
    getGrowth: single,
    getLandPrice: single
  } as unknown as MarketApi
  return { market, batches, singles, cancelBatch }
}

function setUp(options: { maxItems?: number; limiting?: boolean } = {}) {
  const fake = pendingMarket()
  const flushes: Array<() => void> = []
  const tracked: Array<{ requestId: string; key: unknown; done: boolean }> = []
  const batcher = createLookupBatcher({
    market: fake.market,
    waits: {
      track(requestId, key) {
        const entry = { requestId, key, done: false }
        tracked.push(entry)
        return () => (entry.done = true)
      }
    },
    limiting: () => options.limiting ?? false,
    ...(options.maxItems === undefined ? {} : { maxItems: options.maxItems }),
    schedule: (flush) => flushes.push(flush)
  })
  const flush = () => flushes.splice(0).forEach((run) => run())
  return { ...fake, batcher, flush, flushes, tracked }
}

const price = (beds: string) => ({ ...LEKKI, type: 'rent' as const, beds })
const okItem = (value: number): LookupResult => ({
  ok: true,
  data: { location: 'lekki-phase-1', country_code: 'NG', beds: '1', price: value, currency: 'NGN' },
  meta: META
})

function answerAll(batch: SentBatch | undefined, results: LookupResult[], cancelled = false) {
  if (!batch) throw new Error('no batch was sent')
  batch.answer({
    ok: true,
    data: { batchId: batch.input.batchId, results, cancelled }
  })
}

describe('lookup batcher', () => {
  it('lookups started in the same task leave in one batch call, each answered with its own item', async () => {
    const { batcher, batches, flush, flushes } = setUp()
    const rent = batcher.lookup('getResidentialPrice', price('1'))
    const growth = batcher.lookup('getGrowth', {
      ...LEKKI,
      sector: 'residential',
      type: 'rent',
      beds: '1'
    })
    const land = batcher.lookup('getLandPrice', LEKKI)
    expect(flushes).toHaveLength(1)
    expect(batches).toHaveLength(0)
    flush()
    expect(batches).toHaveLength(1)
    const items = batches[0]?.input.items ?? []
    // The same normalised parameters the single lookup sends, each item named by its own id.
    expect(items.map(({ requestId: _id, ...item }) => item)).toEqual([
      { kind: 'residentialPrice', ...LEKKI, countryCode: 'NG', type: 'rent', beds: '1' },
      {
        kind: 'growth',
        ...LEKKI,
        countryCode: 'NG',
        sector: 'residential',
        type: 'rent',
        beds: '1'
      },
      { kind: 'landPrice', ...LEKKI, countryCode: 'NG' }
    ])
    expect(new Set(items.map((item) => item.requestId)).size).toBe(3)
    const notFound: LookupResult = {
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No figure for this combination.' }
    }
    answerAll(batches[0], [okItem(5), notFound, okItem(7)])
    expect(await rent).toEqual(okItem(5))
    expect(await growth).toEqual(notFound)
    expect(await land).toEqual(okItem(7))
  })

  it('a query reads an item as fetchLookup reads a single answer: data with provenance, errors thrown', async () => {
    const { batcher, batches, flush } = setUp()
    const found = fetchBatchedLookup(batcher, 'getResidentialPrice', price('1'))
    const limited = fetchBatchedLookup(batcher, 'getResidentialPrice', price('2'))
    flush()
    answerAll(batches[0], [
      okItem(5),
      { ok: false, error: { code: 'RATE_LIMITED', message: 'Slow down.', retryAfterMs: 3_000 } }
    ])
    expect(await found).toEqual({
      data: { location: 'lekki-phase-1', country_code: 'NG', beds: '1', price: 5, currency: 'NGN' },
      meta: META
    })
    const error = await limited.catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(MarketQueryError)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 3_000 })
  })

  it('a failed call fails each of its lookups with the same error; a rejected call rejects them', async () => {
    const { batcher, batches, flush } = setUp()
    const first = batcher.lookup('getLandPrice', LEKKI)
    const second = batcher.lookup('getResidentialPrice', price('1'))
    flush()
    const offline = { ok: false as const, error: { code: 'OFFLINE' as const, message: 'Offline.' } }
    batches[0]?.answer(offline)
    expect(await first).toEqual(offline)
    expect(await second).toEqual(offline)

    const third = fetchBatchedLookup(batcher, 'getLandPrice', LEKKI)
    flush()
    batches[1]?.fail(new Error('bridge closed'))
    await expect(third).rejects.toMatchObject({ code: 'INTERNAL' })
  })

  it('an item the call did not run answers CANCELLED', async () => {
    const { batcher, batches, flush } = setUp()
    const ran = batcher.lookup('getLandPrice', LEKKI)
    const notRun = batcher.lookup('getResidentialPrice', price('1'))
    flush()
    answerAll(batches[0], [okItem(1)], true)
    expect((await ran).ok).toBe(true)
    expect(await notRun).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
  })

  it('one aborted query stops waiting; the call goes on for the others', async () => {
    const { batcher, batches, flush, cancelBatch } = setUp()
    const leaving = new AbortController()
    const left = batcher.lookup('getResidentialPrice', price('1'), leaving.signal)
    const staying = batcher.lookup('getResidentialPrice', price('2'), new AbortController().signal)
    flush()
    leaving.abort()
    expect(await left).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(cancelBatch).not.toHaveBeenCalled()
    answerAll(batches[0], [okItem(1), okItem(2)])
    expect(await staying).toEqual(okItem(2))
  })

  it('when every query of a call aborts, the call is cancelled in main', async () => {
    const { batcher, batches, flush, cancelBatch } = setUp()
    const screen = new AbortController()
    const one = batcher.lookup('getResidentialPrice', price('1'), screen.signal)
    const two = batcher.lookup('getResidentialPrice', price('2'), screen.signal)
    flush()
    screen.abort()
    await Promise.all([one, two])
    expect(cancelBatch).toHaveBeenCalledTimes(1)
    expect(cancelBatch).toHaveBeenCalledWith({ batchId: batches[0]?.input.batchId })
  })

  it('a query aborted before the call leaves is not sent', async () => {
    const { batcher, batches, flush } = setUp()
    const gone = new AbortController()
    const left = batcher.lookup('getResidentialPrice', price('1'), gone.signal)
    const kept = batcher.lookup('getResidentialPrice', price('2'))
    gone.abort()
    flush()
    expect(await left).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(
      batches[0]?.input.items.map((item) => item.kind === 'residentialPrice' && item.beds)
    ).toEqual(['2'])
    answerAll(batches[0], [okItem(2)])
    expect(await kept).toEqual(okItem(2))
  })

  it('a call holds at most maxItems lookups; more leave in further calls at once', async () => {
    const { batcher, batches, flush } = setUp({ maxItems: 2 })
    const all = ['1', '2', '3', '4', '5'].map((beds) =>
      batcher.lookup('getResidentialPrice', price(beds))
    )
    flush()
    expect(batches.map((batch) => batch.input.items.length)).toEqual([2, 2, 1])
    batches.forEach((batch, index) =>
      answerAll(
        batch,
        batch.input.items.map((_, item) => okItem(index * 2 + item + 1))
      )
    )
    const answers = await Promise.all(all)
    expect(answers.map((answer) => answer.ok && answer.data.price)).toEqual([1, 2, 3, 4, 5])
  })

  it('maxItems never exceeds what main accepts in one call (MAX_BATCH_ITEMS)', () => {
    const { batcher, batches, flush } = setUp({ maxItems: 10_000 })
    for (let beds = 0; beds < 601; beds += 1) {
      void batcher.lookup('getResidentialPrice', price(String(beds)))
    }
    flush()
    expect(batches.map((batch) => batch.input.items.length)).toEqual([600, 1])
  })

  it('while the service is limiting, lookups go one by one as single calls', async () => {
    const { batcher, batches, flush, singles } = setUp({ limiting: true })
    const one = batcher.lookup('getResidentialPrice', price('1'))
    const two = batcher.lookup('getLandPrice', LEKKI)
    flush()
    await Promise.all([one, two])
    expect(batches).toHaveLength(0)
    expect(singles).toEqual([
      { ...LEKKI, countryCode: 'NG', type: 'rent', beds: '1' },
      { ...LEKKI, countryCode: 'NG' }
    ])
  })

  it("each item's request id is tied to its query key while the call is out (waits are shown)", async () => {
    const { batcher, batches, flush, tracked } = setUp()
    const rent = batcher.lookup('getResidentialPrice', price('1'))
    flush()
    const [entry] = tracked
    expect(entry).toMatchObject({
      requestId: batches[0]?.input.items[0]?.requestId,
      key: ['market', 'residentialPrice', { ...LEKKI, countryCode: 'NG', type: 'rent', beds: '1' }],
      done: false
    })
    answerAll(batches[0], [okItem(1)])
    await rent
    expect(entry?.done).toBe(true)
  })
})
