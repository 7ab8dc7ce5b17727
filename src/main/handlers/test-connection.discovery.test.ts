import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startService } from '../../service'
import type { RunningService } from '../../service'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'
import { startVariantServer } from '../../../test/support/discovery/variant-server'
import type { VariantServer } from '../../../test/support/discovery/variant-server'
import { expectOk } from '../../../test/support/shared/expect-ok'

const KEY = 'svc-discovery-key-41d2'
let provider: RunningService
let core: TestCore
beforeAll(async () => {
  provider = await startService({ apiKey: KEY, layout: 'provider' })
})
afterAll(() => provider.close())
afterEach(() => core.cleanup())

async function savedRemote(baseUrl: string): Promise<TestCore> {
  core = makeTestCore()
  expectOk(await core.handlers.setApiKey({ key: KEY, persistence: 'session' }))
  expectOk(await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl }))
  return core
}

const price = { location: 'lekki-phase-1', countryCode: 'NG', type: 'sale', beds: '3' } as const

describe('testConnection discovers the layout', () => {
  it('saved connection: returns the table, saves the layout, and every lookup then works', async () => {
    await savedRemote(provider.baseUrl)
    // Before discovery the spec layout is assumed: the provider has no /residential-prices.
    const data = expectOk(await core.handlers.testConnection())
    expect(
      data.discovery?.map((row) => [row.operation, row.path, row.placement, row.outcome])
    ).toEqual([
      ['listLocations', 'locations', 'query', 'works'],
      ['getResidentialPrice', 'v1/residential-prices', 'query', 'works'],
      ['getGrowth', 'v1/growth', 'query', 'works'],
      ['getLandPrice', 'v1/land-prices', 'query', expect.stringMatching(/works|no-data/)]
    ])
    expect(data.layoutSaved).toBe(true)
    expect(core.settings.get().routeLayouts[provider.baseUrl]?.routes.getGrowth.path).toBe(
      'v1/growth'
    )
    expect(await core.handlers.getResidentialPrice(price)).toMatchObject({ ok: true })
    expect(
      await core.handlers.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    ).toMatchObject({ ok: true })
    expect(core.filesText()).not.toContain(KEY)
  })

  it("the form's values: the table is returned, nothing is saved", async () => {
    core = makeTestCore()
    const data = expectOk(
      await core.handlers.testConnection({
        connectionMode: 'remote',
        baseUrl: provider.baseUrl,
        parameterPlacement: 'query',
        apiKey: KEY
      })
    )
    expect(data.discovery).toHaveLength(4)
    expect(data.layoutSaved).toBe(false)
    expect(core.settings.get()).toEqual(DEFAULT_SETTINGS)
  })

  it('a lookup meeting a route-level 404 rediscovers that operation once and succeeds', async () => {
    await savedRemote(provider.baseUrl)
    // No discovery yet: the spec layout's /residential-prices does not exist at the provider.
    expect(await core.handlers.getResidentialPrice(price)).toMatchObject({ ok: true })
    expect(core.settings.get().routeLayouts[provider.baseUrl]?.routes.getResidentialPrice).toEqual({
      path: 'v1/residential-prices',
      placement: 'query'
    })
  })
})

describe('a service without a land route', () => {
  let server: VariantServer
  beforeAll(async () => {
    server = await startVariantServer(KEY, {
      '/locations': { operation: 'locations', placement: 'query' },
      '/v1/residential-prices': { operation: 'residential-prices', placement: 'query' },
      '/v1/growth': { operation: 'growth', placement: 'query' }
    })
  })
  afterAll(() => server.close())

  it('is reported missing; a land lookup fails UNSUPPORTED_ROUTE after one rediscovery only', async () => {
    await savedRemote(server.baseUrl)
    const data = expectOk(await core.handlers.testConnection())
    expect(data.discovery?.find((row) => row.operation === 'getLandPrice')?.outcome).toBe(
      'route-missing'
    )
    const land = { location: 'lekki-phase-1', countryCode: 'NG' }
    expect(await core.handlers.getLandPrice(land)).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_ROUTE' }
    })
    const before = server.hits.length
    expect(await core.handlers.getLandPrice(land)).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_ROUTE' }
    })
    // The second time: one request, no rediscovery.
    expect(server.hits.length - before).toBe(1)
  })
})

describe('lookups meeting the same missing route at once', () => {
  let server: VariantServer
  beforeAll(async () => {
    server = await startVariantServer(KEY, {
      '/locations': { operation: 'locations', placement: 'query' },
      '/v1/residential-prices': { operation: 'residential-prices', placement: 'query' }
    })
  })
  afterAll(() => server.close())

  it('share one rediscovery, and all succeed', async () => {
    await savedRemote(server.baseUrl)
    const replies = await Promise.all(
      ['1', '2', '3', '4', '5'].map((beds) => core.handlers.getResidentialPrice({ ...price, beds }))
    )
    expect(replies.map((reply) => reply.ok)).toEqual([true, true, true, true, true])
    // One rediscovery: the locations route asked once for a real slug.
    expect(server.hits.filter((hit) => hit.path === '/locations')).toHaveLength(1)
  })
})
