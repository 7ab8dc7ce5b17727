import { describe, expect, it } from 'vitest'
import { createServiceClient } from './client'
import { createQuotaGuard, DEFAULT_CONCURRENCY } from '../connection/quota-guard'
import { delayed, envelope, hang, htmlPage } from '../../../test/support/client/fault-server'
import { echoing } from '../../../test/support/client/fault-server'
import { LOCATIONS, PRICE, useFaultServer } from '../../../test/support/client/helpers'
import { describeError } from '@shared/errors/next-steps'
import type { Result } from '@shared/result'

/** The error as the app shows it: what happened and the next step. */
const shown = (result: Result<unknown>) => !result.ok && describeError(result.error, 'app')

const LAND = { sector: 'land' } as const
const PRICE_INPUT = {
  location: 'lekki-phase-1',
  countryCode: 'NG',
  type: 'sale',
  beds: '3'
} as const

/** Resolves once the server has received `count` requests. */
async function waitForHits(hits: unknown[], count: number): Promise<void> {
  while (hits.length < count) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('service client: de-duplication and concurrency', () => {
  const fault = useFaultServer()

  it('N concurrent identical calls share one HTTP request', async () => {
    fault.server().setDefault(delayed(50, envelope(LOCATIONS)))
    const { client } = fault.client()
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.listLocations({ sector: 'residential' }))
    )
    expect(fault.server().hits).toHaveLength(1)
    for (const result of results) expect(result).toMatchObject({ ok: true, data: LOCATIONS })
  })

  it('different parameters or a later call are separate requests', async () => {
    fault.server().setDefault(delayed(20, envelope(LOCATIONS)))
    const { client } = fault.client()
    await Promise.all([client.listLocations(LAND), client.listLocations({ sector: 'residential' })])
    await client.listLocations(LAND)
    expect(fault.server().hits).toHaveLength(3)
  })

  it('never has more requests in flight than the concurrency limit', async () => {
    fault.server().setDefault(delayed(30, echoing(PRICE)))
    const { client } = fault.client({ concurrency: 3 })
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        client.getResidentialPrice({ ...PRICE_INPUT, beds: String(index + 1) })
      )
    )
    expect(results.every((result) => result.ok)).toBe(true)
    expect(fault.server().hits).toHaveLength(12)
    expect(fault.server().maxConcurrent).toBeLessThanOrEqual(3)
    expect(fault.server().maxConcurrent).toBeGreaterThan(1)
  })

  it('the quota guard defaults to at most 6 requests in flight', async () => {
    fault.server().setDefault(delayed(30, echoing(PRICE)))
    expect(DEFAULT_CONCURRENCY).toBe(6)
    const { client } = fault.client({ guard: createQuotaGuard() })
    await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        client.getResidentialPrice({ ...PRICE_INPUT, beds: String(index) })
      )
    )
    expect(fault.server().maxConcurrent).toBeLessThanOrEqual(6)
  })
})

describe('service client: offline and not configured', () => {
  const fault = useFaultServer()

  it('offline mode answers OFFLINE without touching the network', async () => {
    let offline = true
    const { client } = fault.client({ isOffline: () => offline })
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({ ok: false, error: { code: 'OFFLINE' } })
    expect(shown(result)).toMatch(/Turn off offline mode in Settings/)
    expect(fault.server().hits).toHaveLength(0)
    offline = false
    expect((await client.listLocations(LAND)).ok).toBe(true)
    expect(fault.server().hits).toHaveLength(1)
  })

  it('no API key → NOT_CONFIGURED, key read at request time', async () => {
    const vault: { key?: string } = {}
    const { client } = fault.client({ getApiKey: () => vault.key })
    const result = await client.listLocations(LAND)
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } })
    expect(shown(result)).toMatch(/Set your API key in Settings/)
    expect(fault.server().hits).toHaveLength(0)
    vault.key = 'late-key'
    expect((await client.listLocations(LAND)).ok).toBe(true)
    expect(fault.server().hits[0]?.headers['api-key']).toBe('late-key')
  })

  it('a key that cannot be read or sent → NOT_CONFIGURED without network', async () => {
    const throwing = fault.client({
      getApiKey: () => {
        throw new Error('decrypt failed')
      }
    })
    const newline = fault.client({ getApiKey: () => 'abc\ndef' })
    expect(await throwing.client.listLocations(LAND)).toMatchObject({
      error: { code: 'NOT_CONFIGURED' }
    })
    expect(await newline.client.listLocations(LAND)).toMatchObject({
      error: { code: 'NOT_CONFIGURED' }
    })
    expect(fault.server().hits).toHaveLength(0)
  })

  it.each([
    ['', /No service address is set/],
    ['   ', /No service address is set/],
    ['not a url', /must be a full URL/],
    ['http://api.example.com/v1', /must use https/]
  ])('base URL %j → NOT_CONFIGURED', async (baseUrl, message) => {
    const client = createServiceClient({ baseUrl, getApiKey: () => 'k', source: 'remote' })
    const result = await client.listLocations(LAND)
    await client.close()
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } })
    expect(shown(result)).toMatch(message)
  })
})

describe('service client: cancellation and close', () => {
  const fault = useFaultServer()

  it('an already aborted signal → CANCELLED without network', async () => {
    const { client } = fault.client()
    const result = await client.listLocations(LAND, AbortSignal.abort())
    expect(result).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(fault.server().hits).toHaveLength(0)
  })

  it('aborting during the request → CANCELLED promptly', async () => {
    const server = fault.server()
    server.setDefault(hang())
    const { client } = fault.client()
    const controller = new AbortController()
    const pending = client.listLocations(LAND, controller.signal)
    await waitForHits(server.hits, 1)
    controller.abort()
    expect(await pending).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
  })

  it('aborting during the backoff before the failure is sent again → CANCELLED, not sent', async () => {
    const server = fault.server()
    server.setDefault(htmlPage(503))
    const controller = new AbortController()
    const sleeps: number[] = []
    const guard = createQuotaGuard({
      // a sleep that only ends by abort: if cancellation did not reach it, the test would hang
      sleep: (ms, signal) =>
        new Promise<void>((resolve) => {
          sleeps.push(ms)
          signal.addEventListener('abort', () => resolve(), { once: true })
          controller.abort()
        })
    })
    const { client } = fault.client({ guard })
    const result = await client.listLocations(LAND, controller.signal)
    expect(result).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(sleeps).toHaveLength(1)
    expect(server.hits).toHaveLength(1)
  })

  it("real waits: cancelling a call held for the service's Retry-After answers at once", async () => {
    const server = fault.server()
    server.setDefault(envelope(LOCATIONS))
    server.queue((req, res, hit) => {
      res.setHeader('retry-after', '20')
      htmlPage(429)(req, res, hit)
    })
    const guard = createQuotaGuard()
    const { client } = fault.client({ guard })
    const controller = new AbortController()
    const pending = client.listLocations(LAND, controller.signal)
    while (guard.state().kind !== 'holding') await new Promise((resolve) => setTimeout(resolve, 5))
    const started = performance.now()
    controller.abort()
    expect(await pending).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(server.hits).toHaveLength(1)
    guard.close()
  })

  it('one de-duplicated caller leaving does not cancel the others', async () => {
    const server = fault.server()
    server.setDefault(delayed(60, envelope(LOCATIONS)))
    const { client } = fault.client()
    const controller = new AbortController()
    const leaving = client.listLocations(LAND, controller.signal)
    const staying = client.listLocations(LAND)
    await waitForHits(server.hits, 1)
    controller.abort()
    expect(await leaving).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(await staying).toMatchObject({ ok: true, data: LOCATIONS })
    expect(server.hits).toHaveLength(1)
  })

  it('a caller leaving a call started without a signal cancels neither it nor other calls', async () => {
    const server = fault.server()
    server.setDefault(delayed(60, envelope(LOCATIONS)))
    const { client } = fault.client()
    const staying = client.listLocations(LAND)
    const other = client.listLocations({ sector: 'residential' })
    const controller = new AbortController()
    const leaving = client.listLocations(LAND, controller.signal)
    await waitForHits(server.hits, 2)
    controller.abort()
    expect(await leaving).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(await staying).toMatchObject({ ok: true, data: LOCATIONS })
    expect(await other).toMatchObject({ ok: true, data: LOCATIONS })
    expect(server.hits).toHaveLength(2)
  })

  it('when every caller leaves, the shared request is aborted and a new call starts fresh', async () => {
    const server = fault.server()
    server.queue(hang())
    server.setDefault(envelope(LOCATIONS))
    const { client } = fault.client()
    const first = new AbortController()
    const second = new AbortController()
    const calls = [
      client.listLocations(LAND, first.signal),
      client.listLocations(LAND, second.signal)
    ]
    await waitForHits(server.hits, 1)
    first.abort()
    second.abort()
    const results = await Promise.all(calls)
    expect(results.map((result) => !result.ok && result.error.code)).toEqual([
      'CANCELLED',
      'CANCELLED'
    ])
    expect((await client.listLocations(LAND)).ok).toBe(true)
    expect(server.hits).toHaveLength(2)
  })

  it('close() cancels calls in flight; later calls fail without network', async () => {
    const server = fault.server()
    server.setDefault(hang())
    const { client } = fault.client()
    const pending = client.listLocations(LAND)
    await waitForHits(server.hits, 1)
    await client.close()
    expect(await pending).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(await client.listLocations(LAND)).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' }
    })
    expect(server.hits).toHaveLength(1)
    await client.close()
  })
})
