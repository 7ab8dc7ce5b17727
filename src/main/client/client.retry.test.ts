import { describe, expect, it } from 'vitest'
import {
  envelope,
  errorEnvelope,
  htmlPage,
  json,
  reset,
  unusedPort
} from '../../../test/support/client/fault-server'
import {
  FIXED_NOW,
  LOCATIONS,
  makeClient,
  useFaultServer
} from '../../../test/support/client/helpers'
import { describeError } from '@shared/errors/next-steps'
import type { Result } from '@shared/result'

/** The error as the app shows it: what happened and the next step. */
const shown = (result: Result<unknown>) => !result.ok && describeError(result.error, 'app')

const LAND = { sector: 'land' } as const

describe('service client: retries', () => {
  const fault = useFaultServer()

  it('503 then success: retried with full-jitter backoff, 3 attempts in all', async () => {
    const server = fault.server()
    server.queue(htmlPage(503), errorEnvelope(503, 'busy'), envelope(LOCATIONS))
    const { client, sleeps, logs } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result.ok).toBe(true)
    expect(server.hits).toHaveLength(3)
    // random() = 0.5; caps 100 then 200
    expect(sleeps).toEqual([50, 100])
    const attempts = logs.filter((line) => line.level === 'info').map((line) => line.fields)
    expect(attempts).toMatchObject([
      { attempt: 1, status: 503, outcome: 'retry', path: '/api/v1/locations', method: 'GET' },
      { attempt: 2, status: 503, outcome: 'retry' },
      { attempt: 3, status: 200, outcome: 'ok' }
    ])
    expect(logs.filter((line) => line.level === 'warn')).toHaveLength(2)
  })

  it('gives up after maxAttempts with SERVER and the attempt count', async () => {
    fault.server().setDefault(errorEnvelope(504, 'gateway timeout'))
    const { client, sleeps } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'SERVER', status: 504, details: { attempts: 3 } }
    })
    expect(fault.server().hits).toHaveLength(3)
    expect(sleeps).toHaveLength(2)
  })

  it('connection reset then success', async () => {
    const server = fault.server()
    server.queue(reset(), envelope(LOCATIONS))
    const { client } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result.ok).toBe(true)
    expect(server.hits).toHaveLength(2)
  })

  it('connection reset every time → NETWORK "interrupted"', async () => {
    fault.server().setDefault(reset())
    const { client } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'NETWORK', details: { attempts: 3 } }
    })
    expect(shown(result)).toMatch(/connection to 127\.0\.0\.1:\d+ was interrupted/)
    expect(fault.server().hits).toHaveLength(3)
  })
})

describe('service client: Retry-After', () => {
  const fault = useFaultServer()

  it('429 + Retry-After seconds then success', async () => {
    const server = fault.server()
    server.queue(
      json(429, { success: false, message: 'slow down' }, { 'retry-after': '2' }),
      envelope(LOCATIONS)
    )
    const { client, sleeps } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result.ok).toBe(true)
    expect(sleeps).toEqual([2_000])
    expect(server.hits).toHaveLength(2)
  })

  it('503 + Retry-After as an HTTP date is honoured', async () => {
    const at = new Date(FIXED_NOW.getTime() + 3_000).toUTCString()
    const server = fault.server()
    server.queue(json(503, {}, { 'retry-after': at }), envelope(LOCATIONS))
    const { client, sleeps } = fault.client()
    expect((await client.listLocations(LAND)).ok).toBe(true)
    expect(sleeps).toEqual([3_000])
  })

  it('Retry-After beyond the wait budget → RATE_LIMITED at once with retryAfterMs', async () => {
    const server = fault.server()
    server.setDefault(json(429, { success: false, message: 'quota' }, { 'retry-after': '120' }))
    const { client, sleeps } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', status: 429, retryAfterMs: 120_000 }
    })
    expect(shown(result)).toMatch(/Wait 120 s and try again/)
    expect(server.hits).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('Retry-After waits add up: the next wait is compared with the budget left, not the whole', async () => {
    const server = fault.server()
    server.setDefault(json(429, { success: false, message: 'busy' }, { 'retry-after': '3' }))
    const retry = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1_000, maxTotalWaitMs: 5_000 }
    const { client, sleeps } = fault.client({ retry })
    const result = await client.listLocations(LAND)
    // 3 s fits the 5 s budget; a second 3 s does not fit the 2 s left, so the client stops there
    expect(sleeps).toEqual([3_000])
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(retry.maxTotalWaitMs)
    expect(server.hits).toHaveLength(2)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', retryAfterMs: 3_000, details: { attempts: 2 } }
    })
  })

  it('429 without Retry-After, exhausted → RATE_LIMITED with a suggested retryAfterMs', async () => {
    fault.server().setDefault(json(429, { success: false, message: 'slow' }))
    const { client } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterMs: 400 } })
    expect(fault.server().hits).toHaveLength(3)
  })

  it('the total wait is bounded by maxTotalWaitMs', async () => {
    fault.server().setDefault(htmlPage(503))
    const retry = { maxAttempts: 10, baseDelayMs: 1_000, maxDelayMs: 10_000, maxTotalWaitMs: 2_500 }
    const { client, sleeps } = fault.client({ retry, random: () => 1 })
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({ ok: false, error: { code: 'SERVER', details: { attempts: 3 } } })
    // 1000, then 2000 clamped to the 1500 left; then the budget is spent and the client gives up
    expect(sleeps).toEqual([1_000, 1_500])
    expect(fault.server().hits).toHaveLength(3)
  })

  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'AUTH'],
    [404, 'NOT_FOUND'],
    [500, 'SERVER']
  ] as const)('does not retry HTTP %i', async (status, code) => {
    fault.server().setDefault(errorEnvelope(status, 'no'))
    const { client, sleeps } = fault.client()
    expect(await client.listLocations(LAND)).toMatchObject({ ok: false, error: { code } })
    expect(fault.server().hits).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('does not retry BAD_RESPONSE', async () => {
    fault.server().setDefault(envelope({ sector: 'land' }))
    const { client } = fault.client()
    expect(await client.listLocations(LAND)).toMatchObject({ error: { code: 'BAD_RESPONSE' } })
    expect(fault.server().hits).toHaveLength(1)
  })

  it('with real (small) delays: 503, 503, then success', async () => {
    const server = fault.server()
    server.queue(htmlPage(503), htmlPage(503), envelope(LOCATIONS))
    const retry = { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 50, maxTotalWaitMs: 1_000 }
    const { client } = fault.client({ retry, sleep: undefined, random: undefined })
    const result = await client.listLocations(LAND)
    expect(result.ok).toBe(true)
    expect(server.hits).toHaveLength(3)
  })
})

describe('service client: connection refused', () => {
  it('retries, then answers NETWORK naming the host and the base URL', async () => {
    const port = await unusedPort()
    const { client, logs, sleeps } = makeClient(`http://127.0.0.1:${port}/api`)
    const result = await client.listLocations(LAND)
    await client.close()
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'NETWORK', details: { attempts: 3 } }
    })
    expect(shown(result)).toMatch(
      new RegExp(`127\\.0\\.0\\.1:${port} refused the connection\\. Check the base URL`)
    )
    expect(logs.filter((line) => line.level === 'info')).toHaveLength(3)
    expect(sleeps).toHaveLength(2)
  })
})
