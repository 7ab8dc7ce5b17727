import { describe, expect, it } from 'vitest'
import type { BatchProgressEvent, LookupRequest, LookupResult } from '@shared/contract'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { OnRetryWait, ServiceClient } from '../client'
import { silentLogger } from '../logging/logger'
import { createBatchRunner } from './batch'
import { createStatusTracker } from './status-tracker'

const PRICE = { price: 1000, beds: '2', location: 'a', country_code: 'NG', currency: 'NGN' }

function items(count: number): LookupRequest[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'residentialPrice',
    location: `place-${index}`,
    countryCode: 'NG',
    type: 'sale',
    beds: '2'
  }))
}

/** A client whose answer to each location is scripted; `sent` lists the locations asked for. */
function scriptedClient(answer: (location: string) => Promise<LookupResult>) {
  const sent: string[] = []
  const call = (query: { location: string }) => {
    sent.push(query.location)
    return answer(query.location)
  }
  const client = {
    getResidentialPrice: call,
    getLandPrice: call,
    getGrowth: call,
    close: async () => undefined
  } as unknown as ServiceClient
  return { client, sent }
}

function runner(
  client: ServiceClient,
  events: BatchProgressEvent[],
  concurrency = 2,
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
) {
  return createBatchRunner({
    use: (work) => work(ok({ client, mode: 'remote', baseUrl: 'https://svc.example' })),
    tracker: createStatusTracker(() => new Date()),
    concurrency,
    logger: silentLogger,
    emitBatchProgress: (event) => events.push(event),
    ...(sleep ? { sleep } : {})
  })
}

/** A sleep that returns at once and records how long it was asked to wait. */
function recordedSleep() {
  const asked: number[] = []
  const sleep = async (ms: number): Promise<void> => {
    asked.push(ms)
  }
  return { asked, sleep }
}

const limited = (retryAfterMs?: number) =>
  failure({
    ...ERRORS.rateLimited({ status: 429 }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs })
  })

function output<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}`)
  return result.data
}

function deferred() {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('batch runner', () => {
  it("streams each finished item's Result with its index in the progress event", async () => {
    const { client } = scriptedClient(async (location) =>
      location === 'place-2' ? failure(ERRORS.noData({ status: 404 })) : ok({ ...PRICE, location })
    )
    const events: BatchProgressEvent[] = []
    const batch = output(await runner(client, events).run({ batchId: 'b', items: items(4) }))
    expect(events.at(-1)?.done).toBe(4)
    const streamed = new Map(
      events.flatMap((event) => event.items ?? []).map((item) => [item.index, item.result])
    )
    expect([...streamed.keys()].sort()).toEqual([0, 1, 2, 3])
    batch.results.forEach((result, index) => expect(streamed.get(index)).toEqual(result))
    expect(streamed.get(1)).toEqual(ok({ ...PRICE, location: 'place-1' }))
    expect(streamed.get(2)?.ok).toBe(false)
  })

  it.each([
    [
      'RATE_LIMITED with a Retry-After over 30 s',
      'RATE_LIMITED',
      { ...ERRORS.rateLimited({ status: 429 }), retryAfterMs: 60_000 },
      /limiting requests/,
      'waitAndRetry'
    ],
    ['AUTH', 'AUTH', ERRORS.keyRejected({ status: 401 }), /refused the API key/, 'enterValidKey']
  ] as const)(
    'sends nothing more of the batch once an item answers %s',
    async (_label, code, refusal, wording, nextStep) => {
      const slow = deferred()
      const { client, sent } = scriptedClient(async (location) => {
        if (location === 'place-0') return failure(refusal)
        await slow.promise
        return ok({ ...PRICE, location })
      })
      const events: BatchProgressEvent[] = []
      const running = runner(client, events).run({ batchId: 'b', items: items(10) })
      // place-1 was already in flight (2 at once) when place-0 was refused; it still answers.
      await new Promise((resolve) => setImmediate(resolve))
      slow.resolve()
      const batch = output(await running)
      expect(sent).toEqual(['place-0', 'place-1'])
      expect(batch.cancelled).toBe(false)
      expect(batch.results[0]).toEqual(failure(refusal))
      expect(batch.results[1]?.ok).toBe(true)
      for (const result of batch.results.slice(2)) {
        expect(result.ok).toBe(false)
        if (result.ok) continue
        expect(result.error.code).toBe(code)
        expect(result.error.message).toMatch(/^Not looked up: /)
        expect(result.error.message).toMatch(wording)
        expect(result.error.nextStep).toBe(refusal.nextStep)
        expect(result.error.nextStep).toBe(nextStep)
      }
      expect(events.flatMap((event) => event.items ?? [])).toHaveLength(10)
    }
  )

  it("a final rate limit holds the batch for the service's Retry-After, then it goes on", async () => {
    const { client, sent } = scriptedClient(async (location) =>
      location === 'place-0' ? limited(5_000) : ok({ ...PRICE, location })
    )
    const { asked, sleep } = recordedSleep()
    const batch = output(await runner(client, [], 2, sleep).run({ batchId: 'b', items: items(8) }))
    expect(sent).toHaveLength(8)
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((ms) => ms > 4_000 && ms <= 5_000)).toBe(true)
    expect(batch.results[0]).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
    expect(batch.results.slice(1).every((result) => result.ok)).toBe(true)
  })

  it('a Retry-After of 0 or none still holds the batch a second (no spinning)', async () => {
    for (const retryAfterMs of [0, undefined]) {
      const { client } = scriptedClient(async (location) =>
        location === 'place-0' ? limited(retryAfterMs) : ok({ ...PRICE, location })
      )
      const { asked, sleep } = recordedSleep()
      await runner(client, [], 2, sleep).run({ batchId: 'b', items: items(6) })
      expect(asked.length).toBeGreaterThan(0)
      expect(asked.every((ms) => ms > 900 && ms <= 1_000)).toBe(true)
    }
  })

  it('stops once as many items in a row as run at once end rate limited (429 for ever)', async () => {
    const { client, sent } = scriptedClient(async () => limited(1_000))
    const { sleep } = recordedSleep()
    const batch = output(await runner(client, [], 3, sleep).run({ batchId: 'b', items: items(40) }))
    expect(sent).toHaveLength(3)
    expect(
      batch.results.every((result) => !result.ok && result.error.code === 'RATE_LIMITED')
    ).toBe(true)
    expect(batch.results[39]).toMatchObject({
      error: { message: expect.stringMatching(/^Not looked up/) }
    })
  })

  it('a cancel during a hold ends it at once and sends nothing more', async () => {
    const { client, sent } = scriptedClient(async (location) =>
      location === 'place-0' ? limited(10_000) : ok({ ...PRICE, location })
    )
    // Two at once: place-1 answers, so the batch holds (one rate limit in a row) rather than stops.
    const batches = runner(client, [], 2)
    const running = batches.run({ batchId: 'held', items: items(5) })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(batches.cancel('held')).toBe(true)
    const batch = output(await running)
    expect(sent).toEqual(['place-0', 'place-1'])
    expect(batch.cancelled).toBe(true)
    expect(
      batch.results.slice(2).every((result) => !result.ok && result.error.code === 'CANCELLED')
    ).toBe(true)
  })

  it('stops every running batch sending once one is refused (two calls in flight)', async () => {
    const slow = deferred()
    const { client, sent } = scriptedClient(async (location) => {
      await slow.promise
      return location === 'place-0'
        ? failure(ERRORS.rateLimited({ status: 429 }))
        : ok({ ...PRICE, location })
    })
    const batches = runner(client, [], 1)
    const first = batches.run({ batchId: 'first', items: items(1) })
    const secondItems = items(8).map((item, index) => ({ ...item, location: `other-${index}` }))
    const second = batches.run({ batchId: 'second', items: secondItems })
    await new Promise((resolve) => setImmediate(resolve))
    expect(sent).toEqual(['place-0', 'other-0'])
    slow.resolve()
    await first
    const rest = output(await second).results
    // other-0 was in flight when place-0 was refused; nothing of the second call was sent after.
    expect(sent).toEqual(['place-0', 'other-0'])
    expect(rest[0]?.ok).toBe(true)
    for (const result of rest.slice(1)) {
      expect(result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
    }
  })

  it("a held rate-limited item keeps the service's Retry-After", async () => {
    const limited = failure({ ...ERRORS.rateLimited({ status: 429 }), retryAfterMs: 5_000 })
    const { client, sent } = scriptedClient(async (location) =>
      location === 'place-1' ? limited : ok({ ...PRICE, location })
    )
    const batch = output(await runner(client, [], 1).run({ batchId: 'b', items: items(4) }))
    expect(sent).toEqual(['place-0', 'place-1'])
    expect(batch.results.map((item) => (item.ok ? 'ok' : item.error.code))).toEqual([
      'ok',
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED'
    ])
    expect(batch.results[3]).toMatchObject({ ok: false, error: { retryAfterMs: 5_000 } })
  })

  it('an item named with a requestId reports its waits under that id; the id is not sent', async () => {
    const waits: Array<{ requestId: string; delayMs: number }> = []
    const received: unknown[] = []
    const client = {
      getResidentialPrice: async (query: unknown, _signal: AbortSignal, onWait: OnRetryWait) => {
        received.push(query)
        onWait({ reason: 'rate-limited', delayMs: 1_500, nextAttempt: 2, maxAttempts: 3 })
        return ok({ ...PRICE })
      }
    } as unknown as ServiceClient
    const batches = createBatchRunner({
      use: (work) => work(ok({ client, mode: 'remote', baseUrl: 'https://svc.example' })),
      tracker: createStatusTracker(() => new Date()),
      concurrency: 6,
      logger: silentLogger,
      emitItemWait: (requestId, wait) => waits.push({ requestId, delayMs: wait.delayMs })
    })
    const [first, second] = items(2) as [LookupRequest, LookupRequest]
    const result = await batches.run({
      batchId: 'b',
      items: [{ ...first, requestId: 'r-one' }, second]
    })
    expect(result.ok).toBe(true)
    expect(waits).toEqual([{ requestId: 'r-one', delayMs: 1_500 }])
    expect(received).toEqual([
      { location: 'place-0', countryCode: 'NG', type: 'sale', beds: '2' },
      { location: 'place-1', countryCode: 'NG', type: 'sale', beds: '2' }
    ])
  })

  it('keeps sending after an answer that is about one item only (no data)', async () => {
    const { client, sent } = scriptedClient(async (location) =>
      location === 'place-0' ? failure(ERRORS.noData({ status: 404 })) : ok({ ...PRICE, location })
    )
    const batch = output(await runner(client, []).run({ batchId: 'b', items: items(6) }))
    expect(sent).toHaveLength(6)
    expect(batch.results.slice(1).every((result) => result.ok)).toBe(true)
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
    expect(
      batch.results.slice(3).every((result) => !result.ok && result.error.code === 'CANCELLED')
    ).toBe(true)
    expect(events.flatMap((event) => event.items ?? [])).toHaveLength(500)
    expect(events.at(-1)?.done).toBe(500)
  })
})
