import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startService } from '../../service'
import type { RunningService } from '../../service'
import { describeError } from '@shared/errors/next-steps'
import { providerLayout } from '@shared/settings'
import type { OperationRoute } from '@shared/settings'
import { json } from '../../../test/support/client/fault-server'
import { makeClient, TEST_KEY, useFaultServer } from '../../../test/support/client/helpers'

/** A route that does not exist is its own error, against the provider-layout service. */
describe('service client: routes the service does not have', () => {
  let provider: RunningService
  let spec: RunningService
  beforeAll(async () => {
    provider = await startService({ apiKey: TEST_KEY, layout: 'provider' })
    spec = await startService({ apiKey: TEST_KEY, layout: 'spec' })
  })
  afterAll(() => Promise.all([provider.close(), spec.close()]))

  const price = { location: 'lekki-phase-1', countryCode: 'NG', type: 'sale', beds: '3' } as const

  it('a framework 404 body is UNSUPPORTED_ROUTE naming the path and what to do', async () => {
    // The spec layout's paths at the provider's root: /residential-prices does not exist there.
    const { client } = makeClient(provider.baseUrl)
    const result = await client.getResidentialPrice(price)
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_ROUTE', status: 404 } })
    const cli = !result.ok && describeError(result.error, 'cli')
    expect(cli).toContain('/residential-prices')
    expect(cli).toMatch(/doctor/)
    expect(cli).not.toMatch(/no data|another location, bed type/i)
    await client.close()
  })

  it('an envelope 404 from an existing route stays NOT_FOUND (no data)', async () => {
    const { client } = makeClient(`${provider.baseUrl}/v1`)
    const result = await client.getResidentialPrice({ ...price, beds: '9' })
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', status: 404 } })
    await client.close()
  })

  it("the spec layout's own unknown-route envelope (ROUTE_NOT_FOUND) is UNSUPPORTED_ROUTE", async () => {
    const { client } = makeClient(`${spec.baseUrl}/nowhere`)
    const result = await client.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_ROUTE' } })
    expect(!result.ok && result.error.message).toContain('/nowhere/land-prices')
    await client.close()
  })

  it('a configured layout reaches every operation of the provider (origin-relative paths)', async () => {
    const { routes } = providerLayout()
    const { client } = makeClient(`${provider.baseUrl}/ignored/prefix`, { routes: () => routes })
    const results = await Promise.all([
      client.listLocations({ sector: 'residential' }),
      client.getResidentialPrice(price),
      client.getGrowth({ location: 'ikoyi', countryCode: 'NG', sector: 'land' }),
      client.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    ])
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true])
    await client.close()
  })

  it('a route-level 404 is rediscovered once and retried once at the route found', async () => {
    const asked: OperationRoute[] = []
    const { client } = makeClient(provider.baseUrl, {
      rediscover: (_operation, tried) => {
        asked.push(tried)
        return Promise.resolve({ path: '/v1/residential-prices', placement: 'query' })
      }
    })
    expect(await client.getResidentialPrice(price)).toMatchObject({ ok: true })
    expect(asked).toEqual([{ path: 'residential-prices', placement: 'query' }])
    await client.close()
  })

  it('rediscovery that finds nothing new reports UNSUPPORTED_ROUTE (no loop)', async () => {
    let calls = 0
    const { client } = makeClient(provider.baseUrl, {
      rediscover: (_operation, tried) => {
        calls += 1
        return Promise.resolve(tried)
      }
    })
    const result = await client.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_ROUTE' } })
    expect(calls).toBe(1)
    await client.close()
  })
})

describe('service client: a 404 too large to read', () => {
  const faults = useFaultServer()

  it('is NOT_FOUND by its status, not a missing route (its body was never read)', async () => {
    // Past the 64 KiB a figure's answer may take.
    faults.server().queue(json(404, { success: false, message: 'x'.repeat(128 * 1024) }))
    const { client } = faults.client()
    const result = await client.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', status: 404 } })
  })
})
