import { Agent } from 'undici'
import { describe, expect, it } from 'vitest'
import {
  declaredHuge,
  endlessChunks,
  envelope,
  errorEnvelope,
  hang,
  htmlPage,
  json,
  stallBody,
  text
} from '../../../test/support/client/fault-server'
import { startSilentTcpServer } from '../../../test/support/net/loopback'
import { makeClient, PRICE, useFaultServer } from '../../../test/support/client/helpers'
import { describeError } from '@shared/errors/next-steps'
import type { Result } from '@shared/result'

/** The error as the app shows it: what happened and the next step. */
const shown = (result: Result<unknown>) => !result.ok && describeError(result.error, 'app')

const PRICE_INPUT = {
  location: 'lekki-phase-1',
  countryCode: 'NG',
  type: 'sale',
  beds: '3'
} as const

describe('service client: status mapping and bad answers', () => {
  const fault = useFaultServer()

  it.each([
    [401, 'AUTH', /rejected the API key \(HTTP 401\).*Set a valid API key in Settings/],
    [403, 'AUTH', /refused access.*\(HTTP 403\).*Settings/],
    [400, 'BAD_REQUEST', /rejected the request \(HTTP 400\): "beds is required"\. Check/],
    [422, 'BAD_REQUEST', /rejected the request \(HTTP 422\): "beds is required"/],
    [402, 'QUOTA', /quota of this API key is used up \(HTTP 402\).*Check the plan of this key/],
    [500, 'SERVER', /had a problem \(HTTP 500\).*Try again later/],
    [409, 'BAD_REQUEST', /HTTP 409/],
    [408, 'TIMEOUT', /HTTP 408/]
  ] as const)('maps HTTP %i to %s with a next step', async (status, code, message) => {
    fault.server().setDefault(errorEnvelope(status, 'beds is required'))
    const { client } = fault.client()
    const result = await client.getResidentialPrice(PRICE_INPUT)
    expect(result).toMatchObject({ ok: false, error: { code, status } })
    expect(shown(result)).toMatch(message)
    // A failing service (5xx, 408) is sent the request once more; nothing else is.
    const failing = code === 'SERVER' || code === 'TIMEOUT'
    expect(fault.server().hits).toHaveLength(failing ? 2 : 1)
  })

  it("keeps the service's 404 message (e.g. the bed types it has)", async () => {
    const message = 'No data for 7 beds in lekki-phase-1. Available bed types: 1, 2, 3.'
    fault.server().queue(errorEnvelope(404, message, 'NOT_FOUND'))
    const { client } = fault.client()
    const result = await client.getResidentialPrice({ ...PRICE_INPUT, beds: '7' })
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', status: 404 } })
    expect(shown(result)).toContain(`"${message}"`)
    expect(shown(result)).toMatch(/Try another location, bed type/)
    expect(!result.ok && result.error.details).toMatchObject({ serviceMessage: message })
  })

  it('caps a long service message and strips control characters', async () => {
    fault.server().queue(errorEnvelope(404, `No data\n\u0007here ${'x'.repeat(2_000)}`))
    const { client } = fault.client()
    const result = await client.getResidentialPrice(PRICE_INPUT)
    const message = !result.ok ? result.error.message : ''
    expect(message).toContain('No data here xxx')
    expect(message).toContain('…')
    expect(message.length).toBeLessThan(500)
    expect(message).not.toContain('\n')
    expect(message).not.toContain('\u0007')
  })

  it('a 404 HTML page is an unsupported route naming the path, never "no data"', async () => {
    fault.server().queue(htmlPage(404, 'Not Found'))
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_ROUTE', status: 404 } })
    expect(shown(result)).toMatch(/no route \/api\/v1\/locations.*check the base URL/)
    expect(shown(result)).not.toMatch(/no data/i)
  })

  it('an empty 404 is an unsupported route too', async () => {
    fault.server().queue(text(404, '', 'application/json'))
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_ROUTE', status: 404 } })
  })

  it('an HTML page with 200 is BAD_RESPONSE, not a parse crash', async () => {
    fault.server().queue(htmlPage(200, 'Welcome'))
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE', status: 200 } })
    expect(shown(result)).toMatch(/web page \(HTML\) instead of JSON/)
  })

  it('plain text and empty 200 answers are BAD_RESPONSE', async () => {
    fault.server().queue(text(200, 'ok', 'text/plain'), text(200, '', 'application/json'))
    const { client } = fault.client()
    const first = await client.listLocations({ sector: 'land' })
    const second = await client.listLocations({ sector: 'residential' })
    expect(shown(first)).toMatch(/answered with plain or broken text instead of JSON/)
    expect(shown(second)).toMatch(/an empty answer/)
  })

  it('an HTML page with 502 is SERVER (sent once more), not a parse crash', async () => {
    fault.server().setDefault(htmlPage(502))
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'SERVER', status: 502 } })
    expect(shown(result)).not.toContain('<')
    expect(fault.server().hits).toHaveLength(2)
  })

  it('a missing data.price is BAD_RESPONSE naming the field, and is not retried', async () => {
    const { price: _price, ...withoutPrice } = PRICE
    fault.server().queue(envelope(withoutPrice))
    const { client } = fault.client()
    const result = await client.getResidentialPrice(PRICE_INPUT)
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(shown(result)).toMatch(/data\.price/)
    expect(!result.ok && result.error.details).toMatchObject({ issues: [{ path: 'data.price' }] })
    expect(fault.server().hits).toHaveLength(1)
  })

  it('a price given as a string is BAD_RESPONSE naming data.price', async () => {
    fault.server().queue(envelope({ ...PRICE, price: '5000000' }))
    const { client } = fault.client()
    const result = await client.getResidentialPrice(PRICE_INPUT)
    expect(shown(result)).toMatch(/data\.price \(.*expected number/)
  })

  it('names array element paths in the locations list', async () => {
    fault
      .server()
      .queue(
        envelope({ sector: 'land', locations: [{ name: 'A', slug: 'a', city: 'X', country: 'Y' }] })
      )
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'land' })
    expect(shown(result)).toMatch(/data\.locations\[0\]\.country_code/)
  })

  it('a JSON answer without the envelope is BAD_RESPONSE', async () => {
    fault.server().queue(json(200, PRICE))
    const { client } = fault.client()
    const result = await client.getResidentialPrice(PRICE_INPUT)
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(shown(result)).toMatch(/success|data/)
  })

  it('success:false with HTTP 200 is an error with the service message and mapped code', async () => {
    const server = fault.server()
    server.queue(
      json(200, { success: false, message: 'Location not supported' }),
      json(200, { success: false, message: 'No data', error: { code: 'NOT_FOUND' } }),
      json(200, { success: false, message: 'Key expired', error: { code: 'unauthorized' } })
    )
    const { client } = fault.client()
    const first = await client.getLandPrice({ location: 'x', countryCode: 'NG' })
    const second = await client.getLandPrice({ location: 'y', countryCode: 'NG' })
    const third = await client.getLandPrice({ location: 'z', countryCode: 'NG' })
    expect(first).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', status: 200 } })
    expect(shown(first)).toContain('"Location not supported"')
    expect(shown(first)).not.toContain('HTTP 200')
    expect(second).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    expect(third).toMatchObject({ ok: false, error: { code: 'AUTH' } })
    expect(server.hits).toHaveLength(3)
  })

  it.each([
    ['a quota code', { message: 'Request refused', error: { code: 'QUOTA_EXCEEDED' } }],
    ['a rate-limit-exceeded code', { message: 'Refused', error: { code: 'RATE_LIMIT_EXCEEDED' } }],
    ['a quota message', { message: 'Quota exceeded for this plan' }]
  ])('success:false with HTTP 200 and %s is QUOTA, never "check the location"', async (_, body) => {
    fault.server().setDefault(json(200, { success: false, ...body }))
    const { client, guard } = fault.client()
    const result = await client.getLandPrice({ location: 'x', countryCode: 'NG' })
    expect(result).toMatchObject({ ok: false, error: { code: 'QUOTA', status: 200 } })
    expect(shown(result)).toMatch(/quota of this API key is used up/)
    expect(shown(result)).not.toMatch(/Check the location/)
    expect(guard.state()).toMatchObject({ kind: 'stopped', error: { code: 'QUOTA' } })
    expect(fault.server().hits).toHaveLength(1)
  })

  it('a redirect is not followed: BAD_RESPONSE asking to update the base URL', async () => {
    fault.server().queue(json(301, {}, { location: 'https://elsewhere.example/api' }))
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE', status: 301 } })
    expect(shown(result)).toMatch(/Update the base URL/)
    expect(fault.server().hits).toHaveLength(1)
  })
})

describe('service client: size cap', () => {
  const fault = useFaultServer()

  it('refuses a declared content-length over the cap before reading the body', async () => {
    fault.server().queue(declaredHuge(50 * 1024 * 1024))
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(shown(result)).toMatch(/response larger than 8388608 bytes/)
  })

  it('stops reading a chunked body (no content-length) once it passes the cap', async () => {
    fault.server().queue(endlessChunks())
    const { client } = fault.client()
    const result = await client.getLandPrice({ location: 'a', countryCode: 'NG' })
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(shown(result)).toMatch(/response larger than 65536 bytes/)
  })
})

describe('service client: timeouts', () => {
  const fault = useFaultServer()
  const short = { connectMs: 300, headersMs: 300, bodyMs: 300 }

  it('headers never sent → TIMEOUT (sent once more, as a failing service is)', async () => {
    fault.server().setDefault(hang())
    const { client } = fault.client({ timeouts: short })
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } })
    expect(shown(result)).toMatch(/did not answer within 0\.3 s/)
    expect(fault.server().hits).toHaveLength(2)
  })

  it('body stalls → TIMEOUT', async () => {
    fault.server().setDefault(stallBody())
    const { client } = fault.client({ timeouts: short })
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } })
    expect(shown(result)).toMatch(/stopped sending its answer/)
  })

  it('body trickles in a byte at a time past bodyMs in total → TIMEOUT, not a long wait', async () => {
    fault.server().setDefault((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => res.write(' '), 50)
      res.on('close', () => clearInterval(timer))
    })
    const { client } = fault.client({ timeouts: short })
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } })
    expect(shown(result)).toMatch(/did not finish sending its answer within 0\.3 s/)
    expect(fault.server().hits).toHaveLength(2)
  })

  it('connection (TLS handshake) never completes → TIMEOUT naming the host', async () => {
    const silent = await startSilentTcpServer()
    const { client } = makeClient(`https://127.0.0.1:${silent.port}/api`, { timeouts: short })
    try {
      const result = await client.listLocations({ sector: 'land' })
      expect(result).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } })
      expect(shown(result)).toMatch(
        new RegExp(`Could not connect to 127\\.0\\.0\\.1:${silent.port} within 0\\.3 s`)
      )
    } finally {
      await client.close()
      await silent.close()
    }
  })

  it('timeouts also apply with an injected dispatcher', async () => {
    fault.server().setDefault(hang())
    const dispatcher = new Agent()
    const { client } = fault.client({ timeouts: short, dispatcher })
    const result = await client.listLocations({ sector: 'land' })
    expect(result).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } })
    await client.close()
    await dispatcher.close()
  })
})
