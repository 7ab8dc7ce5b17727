import { describe, expect, it } from 'vitest'
import { envelope, errorEnvelope, json, reset } from '../../../test/support/client/fault-server'
import { LOCATIONS, useFaultServer } from '../../../test/support/client/helpers'
import type { RetryWait } from './options'

const LAND = { sector: 'land' } as const

describe('service client: waits before retries are reported to the caller', () => {
  const fault = useFaultServer()

  it('429 + Retry-After: one rate-limited wait of exactly that length, told before it starts', async () => {
    const server = fault.server()
    server.queue(
      json(429, { success: false, message: 'slow down' }, { 'retry-after': '2' }),
      envelope(LOCATIONS)
    )
    const order: string[] = []
    const { client } = fault.client({
      sleep: (ms) => {
        order.push(`sleep ${ms}`)
        return Promise.resolve()
      }
    })
    const waits: RetryWait[] = []
    const result = await client.listLocations(LAND, undefined, (wait) => {
      waits.push(wait)
      order.push(`wait ${wait.delayMs}`)
    })
    expect(result.ok).toBe(true)
    expect(waits).toEqual([
      { reason: 'rate-limited', delayMs: 2_000, nextAttempt: 2, maxAttempts: 3 }
    ])
    expect(order).toEqual(['wait 2000', 'sleep 2000'])
  })

  it('network error and gateway answers: each backoff is a retry wait with the attempt to come', async () => {
    const server = fault.server()
    server.queue(reset(), errorEnvelope(503, 'busy'), envelope(LOCATIONS))
    const { client, sleeps } = fault.client()
    const waits: RetryWait[] = []
    const result = await client.listLocations(LAND, undefined, (wait) => waits.push(wait))
    expect(result.ok).toBe(true)
    expect(waits).toEqual([
      { reason: 'retry', delayMs: sleeps[0], nextAttempt: 2, maxAttempts: 3 },
      { reason: 'retry', delayMs: sleeps[1], nextAttempt: 3, maxAttempts: 3 }
    ])
    // random() = 0.5 of caps 100 and 200
    expect(sleeps).toEqual([50, 100])
  })

  it('a Retry-After beyond the budget is no wait: nothing is reported', async () => {
    fault.server().setDefault(json(429, { success: false }, { 'retry-after': '120' }))
    const { client } = fault.client()
    const waits: RetryWait[] = []
    const result = await client.listLocations(LAND, undefined, (wait) => waits.push(wait))
    expect(result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
    expect(waits).toEqual([])
  })

  it('callers sharing one request each hear its wait; a failing listener changes nothing', async () => {
    const server = fault.server()
    server.queue(json(429, { success: false }, { 'retry-after': '1' }), envelope(LOCATIONS))
    const { client } = fault.client()
    const first: RetryWait[] = []
    const second: RetryWait[] = []
    const results = await Promise.all([
      client.listLocations(LAND, undefined, (wait) => first.push(wait)),
      client.listLocations(LAND, new AbortController().signal, (wait) => second.push(wait)),
      client.listLocations(LAND, undefined, () => {
        throw new Error('listener bug')
      }),
      client.listLocations(LAND)
    ])
    expect(server.hits).toHaveLength(2)
    expect(results.every((result) => result.ok)).toBe(true)
    expect(first).toEqual([
      { reason: 'rate-limited', delayMs: 1_000, nextAttempt: 2, maxAttempts: 3 }
    ])
    expect(second).toEqual(first)
  })

  it('a caller that left is not told of later waits', async () => {
    const server = fault.server()
    server.setDefault(json(429, { success: false }, { 'retry-after': '1' }))
    const { client } = fault.client()
    const leaving = new AbortController()
    const left: RetryWait[] = []
    const stayed: RetryWait[] = []
    const gone = client.listLocations(LAND, leaving.signal, (wait) => left.push(wait))
    leaving.abort()
    const result = await client.listLocations(LAND, undefined, (wait) => stayed.push(wait))
    expect(await gone).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
    expect(left).toEqual([])
    expect(stayed.map((wait) => wait.nextAttempt)).toEqual([2, 3])
  })
})
