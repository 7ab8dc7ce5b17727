import { describe, expect, it } from 'vitest'
import type { BatchProgressEvent, LookupRequest, LookupResult } from '@shared/contract'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { ServiceClient } from '../client/client'
import { createQuotaGuard } from '../connection/quota-guard'
import type { QuotaGuard } from '../connection/quota-guard'
import { silentLogger } from '../logging/logger'
import { instantWaits } from '../../../test/support/client/helpers'
import { createBatchRunner } from './batch'

const PRICE = { price: 1000, beds: '2', location: 'a', country_code: 'NG', currency: 'NGN' }

function items(count: number, prefix = 'place'): LookupRequest[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'residentialPrice',
    location: `${prefix}-${index}`,
    countryCode: 'NG',
    type: 'sale',
    beds: '2'
  }))
}

/**
 * A client whose service answers each location from a script, every request going through a real
 * quota guard (instant waits); `sent` lists the locations requested, in order.
 */
function scriptedClient(
  answer: (location: string) => Promise<Result<unknown>>,
  guard: QuotaGuard = createQuotaGuard({ ...instantWaits(), random: () => 0.5 })
) {
  const sent: string[] = []
  const call = (query: { location: string }, signal = new AbortController().signal) =>
    guard.send(() => {
      sent.push(query.location)
      return answer(query.location)
    }, signal)
  const client = {
    getResidentialPrice: call,
    getLandPrice: call,
    getGrowth: call,
    close: async () => undefined
  } as unknown as ServiceClient
  return { client, sent, guard }
}

function runner(client: ServiceClient, events?: BatchProgressEvent[], concurrency = 2) {
  return createBatchRunner({
    use: (work) => work(ok(client)),
    concurrency,
    logger: silentLogger,
    ...(events ? { emitBatchProgress: (event) => events.push(event) } : {})
  })
}

const codes = (results: readonly LookupResult[] | undefined) =>
  (results ?? []).map((result) => (result.ok ? 'ok' : result.error.code))

function output<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}`)
  return result.data
}

describe('batch runner', () => {
  it("streams each finished item's Result with its index, and keeps none for the reply", async () => {
    const { client } = scriptedClient(async (location) =>
      location === 'place-2' ? failure(ERRORS.noData({ status: 404 })) : ok({ ...PRICE, location })
    )
    const events: BatchProgressEvent[] = []
    const batch = output(await runner(client, events).run({ batchId: 'b', items: items(4) }))
    expect(batch).toEqual({ batchId: 'b', cancelled: false })
    expect(events.at(-1)?.done).toBe(4)
    const streamed = new Map(
      events.flatMap((event) => event.items ?? []).map((item) => [item.index, item.result])
    )
    expect([...streamed.keys()].sort()).toEqual([0, 1, 2, 3])
    expect(streamed.get(1)).toEqual(ok({ ...PRICE, location: 'place-1' }))
    expect(streamed.get(2)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
  })

  it('without a progress emitter (CLI, tests) the reply carries every Result in item order', async () => {
    const { client } = scriptedClient(async (location) => {
      // Later items answer first: the order of the reply is still the items' order.
      await new Promise((resolve) => setTimeout(resolve, location === 'place-0' ? 20 : 1))
      return ok({ ...PRICE, location })
    })
    const batch = output(await runner(client, undefined, 3).run({ batchId: 'b', items: items(5) }))
    expect(
      batch.results?.map((result) => result.ok && 'location' in result.data && result.data.location)
    ).toEqual(['place-0', 'place-1', 'place-2', 'place-3', 'place-4'])
  })

  it('keeps sending after an answer that is about one item only (no data)', async () => {
    const { client, sent } = scriptedClient(async (location) =>
      location === 'place-0' ? failure(ERRORS.noData({ status: 404 })) : ok({ ...PRICE, location })
    )
    const batch = output(await runner(client).run({ batchId: 'b', items: items(6) }))
    expect(sent).toHaveLength(6)
    expect(codes(batch.results)).toEqual(['NOT_FOUND', 'ok', 'ok', 'ok', 'ok', 'ok'])
  })

  it("a rate limit holds the whole batch for the service's Retry-After, then it goes on", async () => {
    const waits = instantWaits()
    const guard = createQuotaGuard({ ...waits, random: () => 0.5 })
    let limitedOnce = false
    const { client, sent } = scriptedClient(async (location) => {
      if (location !== 'place-3' || limitedOnce) return ok({ ...PRICE, location })
      limitedOnce = true
      return failure({ ...ERRORS.rateLimited({ status: 429 }), retryAfterMs: 5_000 })
    }, guard)
    const batch = output(await runner(client).run({ batchId: 'b', items: items(8) }))
    expect(codes(batch.results)).toEqual(Array(8).fill('ok'))
    // Eight lookups and place-3 once more, after the 5 s the service asked for.
    expect(sent).toHaveLength(9)
    expect(waits.sleeps[0]).toBe(5_000)
  })

  it.each([
    ['the key is refused', ERRORS.keyRejected({ status: 401 }), 'AUTH', /refused the API key/],
    ['the quota is used up', ERRORS.quotaExceeded({ status: 402 }), 'QUOTA', /quota/],
    [
      'a Retry-After over 30 s',
      { ...ERRORS.rateLimited({ status: 429 }), retryAfterMs: 60_000 },
      'RATE_LIMITED',
      /limiting requests/
    ]
  ] as const)(
    'sends nothing more, of this batch or another, once %s',
    async (_label, refusal, code, wording) => {
      const { client, sent } = scriptedClient(async (location) =>
        location === 'place-0' ? failure(refusal) : ok({ ...PRICE, location })
      )
      const batches = runner(client)
      const [first, second] = await Promise.all([
        batches.run({ batchId: 'first', items: items(10) }),
        batches.run({ batchId: 'second', items: items(10, 'other') })
      ])
      // place-0 and the requests already in flight beside it (two per batch) were sent.
      expect(sent).toEqual(['place-0', 'place-1', 'other-0', 'other-1'])
      const rest = [
        ...(output(first).results ?? []).slice(2),
        ...(output(second).results ?? []).slice(2)
      ]
      expect(rest).toHaveLength(16)
      for (const result of rest) {
        expect(result).toMatchObject({ ok: false, error: { code, nextStep: refusal.nextStep } })
        expect(!result.ok && result.error.message).toMatch(/^Not sent: /)
        expect(!result.ok && result.error.message).toMatch(wording)
      }
    }
  )

  it('a cancel during a hold ends it at once: nothing more is sent, the rest answer CANCELLED', async () => {
    // Real waits: the hold would last 10 s.
    const guard = createQuotaGuard()
    const { client, sent } = scriptedClient(
      async (location) =>
        location === 'place-0'
          ? failure({ ...ERRORS.rateLimited({ status: 429 }), retryAfterMs: 10_000 })
          : ok({ ...PRICE, location }),
      guard
    )
    const batches = runner(client)
    const running = batches.run({ batchId: 'held', items: items(5) })
    while (guard.state().kind !== 'holding') await new Promise((resolve) => setTimeout(resolve, 5))
    const started = performance.now()
    expect(batches.cancel('held')).toBe(true)
    const batch = output(await running)
    guard.close()
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(sent).toEqual(['place-0', 'place-1'])
    expect(batch.cancelled).toBe(true)
    expect(codes(batch.results)).toEqual(['CANCELLED', 'ok', 'CANCELLED', 'CANCELLED', 'CANCELLED'])
    expect(batches.cancel('held')).toBe(false)
  })

  it('a cancel stops one big call at once: nothing more is sent, the rest answer CANCELLED', async () => {
    const events: BatchProgressEvent[] = []
    const cancelAt = { third: (): void => undefined }
    // Each answer comes on a later turn of the event loop, as a response from the network does.
    const { client, sent } = scriptedClient(async (location) => {
      if (sent.length === 3) cancelAt.third()
      await new Promise((resolve) => setImmediate(resolve))
      return ok({ ...PRICE, location })
    })
    const batches = runner(client, events)
    cancelAt.third = () => void batches.cancel('big')
    const batch = output(await batches.run({ batchId: 'big', items: items(500) }))
    expect(batch.cancelled).toBe(true)
    expect(sent).toHaveLength(3)
    const streamed = events.flatMap((event) => event.items ?? [])
    expect(streamed).toHaveLength(500)
    expect(codes(streamed.filter((item) => item.index >= 3).map((item) => item.result))).toEqual(
      Array(497).fill('CANCELLED')
    )
    expect(events.at(-1)?.done).toBe(500)
  })

  it('refuses a second batch with the same id while the first runs', async () => {
    const { client } = scriptedClient(async (location) => ok({ ...PRICE, location }))
    const batches = runner(client)
    const first = batches.run({ batchId: 'dup', items: items(30) })
    const second = await batches.run({ batchId: 'dup', items: items(1) })
    expect(second).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect((await first).ok).toBe(true)
  })
})
