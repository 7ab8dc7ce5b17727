import { describe, expect, it } from 'vitest'
import type { BatchLookupOutput } from '@shared/contract'
import type { Result } from '@shared/result'
import { createRateLimitGate, MARKET_CALL_CONCURRENCY, rateLimitedErrorOf } from './rate-limit-gate'
import { withRateLimitGate } from './gated-market'
import { createFakeMarket } from '../test/fake-market'

const LIMITED: Result<never> = {
  ok: false,
  error: { code: 'RATE_LIMITED', message: 'The service is limiting requests.', retryAfterMs: 0 }
}
const limited = (retryAfterMs?: number): Result<never> => ({
  ok: false,
  error: { ...LIMITED.error, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) } as never
})
const okResult: Result<string> = { ok: true, data: 'figures' }

function clock(start = 1_000_000) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

/** A call that resolves when told to, counting how often it was really made. */
function deferredCalls<T>() {
  const pending: Array<(result: Result<T>) => void> = []
  let made = 0
  return {
    call: () =>
      new Promise<Result<T>>((resolve) => {
        made += 1
        pending.push(resolve)
      }),
    get made() {
      return made
    },
    answerNext: (result: Result<T>) => pending.shift()?.(result),
    get waiting() {
      return pending.length
    }
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('rate-limit gate', () => {
  it('keeps at most the concurrency limit of calls in flight', async () => {
    const gate = createRateLimitGate()
    const calls = deferredCalls<string>()
    const runs = Array.from({ length: 20 }, () => gate.run(calls.call, rateLimitedErrorOf))
    await settle()
    expect(calls.made).toBe(MARKET_CALL_CONCURRENCY)
    for (let i = 0; i < 20; i += 1) {
      calls.answerNext(okResult)
      await settle()
    }
    expect(await Promise.all(runs)).toHaveLength(20)
    expect(calls.made).toBe(20)
  })

  it('after "too many requests" (Retry-After 0) sends nothing for the policy floor, and says how long', async () => {
    const time = clock()
    const gate = createRateLimitGate({ now: time.now })
    let made = 0
    const call = async () => {
      made += 1
      return limited(0)
    }
    const first = await gate.run(call, rateLimitedErrorOf)
    expect(first).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterMs: 5_000 } })
    const held = await Promise.all(
      Array.from({ length: 19 }, () => gate.run(call, rateLimitedErrorOf))
    )
    expect(made).toBe(1)
    expect(held.every((result) => !result.ok && result.error.retryAfterMs === 5_000)).toBe(true)
    time.advance(4_000)
    expect(await gate.run(call, rateLimitedErrorOf)).toMatchObject({
      error: { code: 'RATE_LIMITED', retryAfterMs: 1_000 }
    })
    expect(made).toBe(1)
  })

  it('simultaneous rate-limited answers are one round: the wait is the floor, not doubled per answer', async () => {
    const time = clock()
    const gate = createRateLimitGate({ now: time.now })
    const calls = deferredCalls<string>()
    const runs = Array.from({ length: 6 }, () => gate.run(calls.call, rateLimitedErrorOf))
    await settle()
    for (let i = 0; i < 6; i += 1) calls.answerNext(limited(0))
    await Promise.all(runs)
    expect(gate.remainingMs()).toBe(5_000)
  })

  it('after the wait one call goes first; the others wait for its answer', async () => {
    const time = clock()
    const gate = createRateLimitGate({ now: time.now })
    await gate.run(async () => limited(0), rateLimitedErrorOf)
    time.advance(5_000)

    const calls = deferredCalls<string>()
    const runs = Array.from({ length: 20 }, () => gate.run(calls.call, rateLimitedErrorOf))
    await settle()
    expect(calls.made).toBe(1)
    calls.answerNext(limited(0))
    const results = await Promise.all(runs)
    expect(calls.made).toBe(1)
    // Second round in a row: the floor doubles.
    expect(results.every((r) => !r.ok && r.error.code === 'RATE_LIMITED')).toBe(true)
    expect(gate.remainingMs()).toBe(10_000)

    time.advance(10_000)
    const healed = deferredCalls<string>()
    const next = Array.from({ length: 10 }, () => gate.run(healed.call, rateLimitedErrorOf))
    await settle()
    expect(healed.made).toBe(1)
    healed.answerNext(okResult)
    await settle()
    expect(healed.made).toBe(1 + MARKET_CALL_CONCURRENCY)
    while (healed.waiting > 0) {
      healed.answerNext(okResult)
      await settle()
    }
    expect((await Promise.all(next)).every((r) => r.ok)).toBe(true)
    expect(gate.remainingMs()).toBe(0)
  })

  it('a wait longer than asked for is kept as it is, and release() ends it for one call', async () => {
    const time = clock()
    const gate = createRateLimitGate({ now: time.now })
    const huge = 99_999_999_999_000
    const first = await gate.run(async () => limited(huge), rateLimitedErrorOf)
    expect(!first.ok && first.error.retryAfterMs).toBe(huge)
    time.advance(24 * 60 * 60 * 1000)
    let made = 0
    await gate.run(async () => {
      made += 1
      return okResult
    }, rateLimitedErrorOf)
    expect(made).toBe(0)
    gate.release()
    expect(
      await gate.run(async () => {
        made += 1
        return okResult
      }, rateLimitedErrorOf)
    ).toEqual(okResult)
    expect(made).toBe(1)
  })

  it('gates the market: a batch with a rate-limited item holds single lookups too', async () => {
    const market = createFakeMarket()
    const batchAnswer: Result<BatchLookupOutput> = {
      ok: true,
      data: { batchId: 'b1', cancelled: false, results: [okResult as never, limited(2_000)] }
    }
    market.batchLookup = async () => batchAnswer
    const gated = withRateLimitGate(market, createRateLimitGate())
    const batch = await gated.batchLookup({ batchId: 'b1', items: [] })
    expect(batch.ok && batch.data.results[1]).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', retryAfterMs: 5_000 }
    })
    const before = market.calls.length
    const single = await gated.listLocations({ sector: 'land' })
    expect(single).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
    expect(market.calls.length).toBe(before)
    // Settings and status calls are never held back.
    expect((await gated.getSettings()).ok).toBe(true)
  })

  it('switching service or key forgets the old rate limit; other settings do not', async () => {
    const market = createFakeMarket()
    const gate = createRateLimitGate()
    const gated = withRateLimitGate(market, gate)
    market.failNext('listLocations', { code: 'RATE_LIMITED', message: 'slow', retryAfterMs: 0 })
    await gated.listLocations({ sector: 'land' })
    expect(gate.remainingMs()).toBeGreaterThan(0)
    await gated.updateSettings({ rentPeriod: 'month' })
    expect(gate.remainingMs()).toBeGreaterThan(0)
    await gated.updateSettings({ connectionMode: 'demo' })
    expect(gate.remainingMs()).toBe(0)
    expect((await gated.listLocations({ sector: 'land' })).ok).toBe(true)

    market.failNext('listLocations', { code: 'RATE_LIMITED', message: 'slow', retryAfterMs: 0 })
    await gated.listLocations({ sector: 'land' })
    await gated.setApiKey({ key: 'another-key-123456', persistence: 'session' })
    expect((await gated.listLocations({ sector: 'land' })).ok).toBe(true)
  })
})
