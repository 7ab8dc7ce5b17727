import { MockAgent } from 'undici'
import { describe, expect, it } from 'vitest'
import type { Result } from '@shared/result'
import { dynamic, echoKey, envelope, json } from '../../../test/support/client/fault-server'
import type { LogLine } from '../../../test/support/logging/capturing-logger'
import {
  LOCATIONS,
  makeClient,
  TEST_KEY,
  useFaultServer
} from '../../../test/support/client/helpers'
import { describeError } from '@shared/errors/next-steps'

/** The error as the app shows it: what happened and the next step. */
const shown = (result: Result<unknown>) => !result.ok && describeError(result.error, 'app')

const LAND = { sector: 'land' } as const

function expectNoKey(key: string, result: Result<unknown>, logs: LogLine[]): void {
  expect(logs.length).toBeGreaterThan(0)
  for (const text of [JSON.stringify(result), JSON.stringify(logs)]) {
    expect(text).not.toContain(key)
    expect(text).not.toContain(encodeURIComponent(key))
  }
}

describe('service client: the API key never leaks', () => {
  const fault = useFaultServer()

  it.each([
    [401, 'json', 'AUTH'],
    [404, 'json', 'NOT_FOUND'],
    [400, 'json', 'BAD_REQUEST'],
    [200, 'json', 'AUTH'],
    [500, 'html', 'SERVER'],
    [200, 'html', 'BAD_RESPONSE'],
    [429, 'json', 'RATE_LIMITED'],
    [503, 'html', 'SERVER']
  ] as const)('HTTP %i echoing the key as %s → %s, redacted', async (status, form, code) => {
    fault.server().setDefault(echoKey(status, form))
    const { client, logs } = fault.client()
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({ ok: false, error: { code } })
    expect(fault.server().hits[0]?.headers['api-key']).toBe(TEST_KEY)
    expectNoKey(TEST_KEY, result, logs)
  })

  it('replaces the key with [redacted] in the service message it keeps', async () => {
    fault.server().queue(echoKey(404, 'json'))
    const { client } = fault.client()
    const result = await client.listLocations(LAND)
    expect(shown(result)).toContain('Invalid API key [redacted] for')
    expect(!result.ok && result.error.details).toMatchObject({ serviceMessage: expect.any(String) })
  })

  it('redacts before capping, so no fragment of the key survives a cut message', async () => {
    const server = fault.server()
    for (let pad = 280; pad < 300; pad += 1) {
      server.queue(json(404, { success: false, message: `${'m'.repeat(pad)} ${TEST_KEY} tail` }))
    }
    const { client, logs } = fault.client()
    for (let pad = 280; pad < 300; pad += 1) {
      const result = await client.getResidentialPrice({
        location: 'a',
        countryCode: 'NG',
        type: 'sale',
        beds: String(pad)
      })
      expectNoKey(TEST_KEY, result, logs)
      expect(JSON.stringify(result)).not.toContain(TEST_KEY.slice(0, 8))
    }
  })

  it('handles keys with characters that JSON and URLs escape', async () => {
    const key = 'k "quoted" & slash\\ 100%'
    fault.server().setDefault(
      dynamic((hit) => {
        const sent = String(hit.headers['api-key'])
        return json(401, { success: false, message: `bad ${sent} / ${encodeURIComponent(sent)}` })
      })
    )
    const { client, logs } = fault.client({ getApiKey: () => key })
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({ ok: false, error: { code: 'AUTH' } })
    expect(JSON.stringify(result)).not.toContain(JSON.stringify(key).slice(1, -1))
    expectNoKey(key, result, logs)
  })

  it('the request logs carry path, status, attempt and duration but not the key header', async () => {
    fault.server().queue(envelope(LOCATIONS))
    const { client, logs } = fault.client()
    await client.listLocations(LAND)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.fields).toMatchObject({
      method: 'GET',
      path: '/api/v1/locations',
      status: 200,
      attempt: 1,
      outcome: 'ok',
      durationMs: expect.any(Number)
    })
    expect(JSON.stringify(logs)).not.toMatch(/api-key|sector=/i)
  })
})

describe('service client: key in an exception message', () => {
  it('redacts the key from transport error details and logs', async () => {
    const agent = new MockAgent()
    agent.disableNetConnect()
    agent
      .get('https://api.example.com')
      .intercept({ path: () => true, method: 'GET' })
      .replyWithError(new Error(`proxy refused header API-KEY: ${TEST_KEY}`))
      .persist()
    const { client, logs } = makeClient('https://api.example.com/v1', { dispatcher: agent })
    const result = await client.listLocations(LAND)
    await client.close()
    await agent.close()
    expect(result).toMatchObject({ ok: false, error: { code: 'NETWORK' } })
    expect(!result.ok && result.error.details).toMatchObject({
      reason: expect.stringContaining('[redacted]')
    })
    expectNoKey(TEST_KEY, result, logs)
  })

  it('maps DNS failures (ENOTFOUND) to NETWORK naming the host (sent once more)', async () => {
    const agent = new MockAgent()
    agent.disableNetConnect()
    const dnsError = Object.assign(new Error('getaddrinfo ENOTFOUND api.example.com'), {
      code: 'ENOTFOUND'
    })
    agent
      .get('https://api.example.com')
      .intercept({ path: () => true, method: 'GET' })
      .replyWithError(dnsError)
      .persist()
    const { client, logs } = makeClient('https://api.example.com/v1', { dispatcher: agent })
    const result = await client.listLocations(LAND)
    await client.close()
    await agent.close()
    expect(result).toMatchObject({ ok: false, error: { code: 'NETWORK' } })
    expect(shown(result)).toMatch(
      /Could not find the host api\.example\.com\. Check your connection and the base URL/
    )
    expect(logs).toHaveLength(2)
  })
})
