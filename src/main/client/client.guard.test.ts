/**
 * The client over real HTTP, through its quota guard (waits are instant and recorded): what each
 * kind of answer costs in requests. The guard's rules themselves are tested row by row in
 * ../connection/quota-guard.test.ts.
 */
import { describe, expect, it } from 'vitest'
import {
  envelope,
  errorEnvelope,
  htmlPage,
  json,
  reset
} from '../../../test/support/client/fault-server'
import { unusedPort } from '../../../test/support/net/loopback'
import {
  FIXED_NOW,
  LOCATIONS,
  makeClient,
  useFaultServer
} from '../../../test/support/client/helpers'
import { describeError } from '@shared/errors/next-steps'
import type { Result } from '@shared/result'
import { createQuotaGuard } from '../connection/quota-guard'

/** The error as the app shows it: what happened and the next step. */
const shown = (result: Result<unknown>) => !result.ok && describeError(result.error, 'app')

const LAND = { sector: 'land' } as const

describe('service client: a failing service', () => {
  const fault = useFaultServer()

  it('503 then success: sent once more after a short backoff, one line logged per request', async () => {
    const server = fault.server()
    server.queue(htmlPage(503), envelope(LOCATIONS))
    const { client, sleeps, logs } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result.ok).toBe(true)
    expect(server.hits).toHaveLength(2)
    // 250 ms + random (0.5) × 500 ms
    expect(sleeps).toEqual([500])
    expect(logs.map((line) => line.fields)).toMatchObject([
      { attempt: 1, status: 503, outcome: 'SERVER', path: '/api/v1/locations', method: 'GET' },
      { attempt: 2, status: 200, outcome: 'ok' }
    ])
  })

  it.each([
    ['504', errorEnvelope(504, 'gateway timeout'), 'SERVER'],
    ['500', errorEnvelope(500, 'oops'), 'SERVER'],
    ['connection reset', reset(), 'NETWORK']
  ] as const)(
    '%s twice: the call answers the error, then nothing is sent while paused',
    async (_name, behaviour, code) => {
      fault.server().setDefault(behaviour)
      const { client, guard } = fault.client()
      const result = await client.listLocations(LAND)
      expect(result).toMatchObject({ ok: false, error: { code } })
      expect(fault.server().hits).toHaveLength(2)
      expect(guard.state()).toMatchObject({ kind: 'paused', reason: 'failing' })
      const later = await client.listLocations({ sector: 'residential' })
      expect(later).toMatchObject({ ok: false, error: { code } })
      expect(shown(later)).toMatch(/^Not sent: /)
      expect(fault.server().hits).toHaveLength(2)
    }
  )

  it('a connection reset names the host', async () => {
    fault.server().setDefault(reset())
    const { client } = fault.client()
    const result = await client.listLocations(LAND)
    expect(shown(result)).toMatch(/connection to 127\.0\.0\.1:\d+ was interrupted/)
  })

  it('with real waits: 503, then success', async () => {
    const server = fault.server()
    server.queue(htmlPage(503), envelope(LOCATIONS))
    const guard = createQuotaGuard()
    const { client } = fault.client({ guard })
    const result = await client.listLocations(LAND)
    guard.close()
    expect(result.ok).toBe(true)
    expect(server.hits).toHaveLength(2)
  })
})

describe('service client: Retry-After', () => {
  const fault = useFaultServer()

  it('429 + Retry-After seconds: held that long, then sent again', async () => {
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

  it('503 + Retry-After as an HTTP date is honoured before the request is sent again', async () => {
    const at = new Date(FIXED_NOW.getTime() + 3_000).toUTCString()
    const server = fault.server()
    server.queue(json(503, {}, { 'retry-after': at }), envelope(LOCATIONS))
    const { client, sleeps } = fault.client()
    expect((await client.listLocations(LAND)).ok).toBe(true)
    expect(sleeps).toEqual([3_000])
    expect(server.hits).toHaveLength(2)
  })

  it('a Retry-After over 30 s → RATE_LIMITED at once with retryAfterMs, sending paused', async () => {
    const server = fault.server()
    server.setDefault(json(429, { success: false, message: 'quota' }, { 'retry-after': '120' }))
    const { client, sleeps, guard } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', status: 429, retryAfterMs: 120_000 }
    })
    expect(shown(result)).toMatch(/Wait 2 min and try again/)
    expect(server.hits).toHaveLength(1)
    expect(sleeps).toEqual([])
    expect(guard.state()).toMatchObject({ kind: 'paused', reason: 'rate-limited' })
  })

  it('429 without Retry-After for ever: 3 requests (held 2 s, 2 s), then RATE_LIMITED', async () => {
    fault.server().setDefault(json(429, { success: false, message: 'slow' }))
    const { client, sleeps } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', retryAfterMs: 4_000 }
    })
    expect(fault.server().hits).toHaveLength(3)
    expect(sleeps).toEqual([2_000, 2_000])
  })

  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'AUTH'],
    [402, 'QUOTA'],
    [404, 'NOT_FOUND']
  ] as const)('HTTP %i is answered, never sent again', async (status, code) => {
    fault.server().setDefault(errorEnvelope(status, 'no'))
    const { client, sleeps } = fault.client()
    expect(await client.listLocations(LAND)).toMatchObject({ ok: false, error: { code } })
    expect(fault.server().hits).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('BAD_RESPONSE is answered, never sent again', async () => {
    fault.server().setDefault(envelope({ sector: 'land' }))
    const { client } = fault.client()
    expect(await client.listLocations(LAND)).toMatchObject({ error: { code: 'BAD_RESPONSE' } })
    expect(fault.server().hits).toHaveLength(1)
  })
})

describe('service client: connection refused', () => {
  it('sent once more, then NETWORK naming the host and the base URL', async () => {
    const port = await unusedPort()
    const { client, logs, sleeps } = makeClient(`http://127.0.0.1:${port}/api`)
    const result = await client.listLocations(LAND)
    await client.close()
    expect(result).toMatchObject({ ok: false, error: { code: 'NETWORK' } })
    expect(shown(result)).toMatch(
      new RegExp(`127\\.0\\.0\\.1:${port} refused the connection\\. Check the base URL`)
    )
    expect(logs).toHaveLength(2)
    expect(sleeps).toHaveLength(1)
  })
})
