import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startService } from '../../service'
import type { RunningService } from '../../service'
import { providerLayout, specLayout } from '@shared/settings'
import { TEST_KEY } from '../../../test/support/client/helpers'
import { startVariantServer } from '../../../test/support/discovery/variant-server'
import type { VariantServer } from '../../../test/support/discovery/variant-server'
import { startSlow400Server } from '../../../test/support/discovery/slow-400-server'
import {
  candidatePaths,
  createClientProbe,
  discoverLayout,
  MAX_DISCOVERY_REQUESTS
} from './discover'

async function discover(
  baseUrl: string,
  options: Partial<Parameters<typeof discoverLayout>[0]> = {}
) {
  const probe = createClientProbe({ baseUrl, getApiKey: () => TEST_KEY, source: 'remote' })
  try {
    return await discoverLayout({ baseUrl, probe: probe.probe, ...options })
  } finally {
    await probe.close()
  }
}

const outcomes = (report: Awaited<ReturnType<typeof discover>>) =>
  Object.fromEntries(report.rows.map((row) => [row.operation, row.outcome]))

/** The probes a variant service received, in order: path and where the parameters were. */
const probes = (server: VariantServer) =>
  server.hits.map((hit) => `${hit.path} ${hit.body ? 'body' : hit.rawQuery ? 'query' : '-'}`)

describe('discovery against the embedded service', () => {
  let spec: RunningService
  let provider: RunningService
  beforeAll(async () => {
    spec = await startService({ apiKey: TEST_KEY, layout: 'spec' })
    provider = await startService({ apiKey: TEST_KEY, layout: 'provider' })
  })
  afterAll(() => Promise.all([spec.close(), provider.close()]))

  it('spec layout: every route at the base URL, query placement', async () => {
    const report = await discover(spec.baseUrl)
    expect(report.layout).toEqual(specLayout('query'))
    expect(report.locationsFound).toBeGreaterThan(0)
    expect(Object.values(outcomes(report)).every((o) => o === 'works' || o === 'no-data')).toBe(
      true
    )
    expect(report.requests).toBe(4)
  })

  it("provider layout: /locations at the root, the rest under /v1/, from the host's URL", async () => {
    const report = await discover(provider.baseUrl)
    expect(report.layout.routes).toEqual({
      listLocations: { path: 'locations', placement: 'query' },
      getResidentialPrice: { path: 'v1/residential-prices', placement: 'query' },
      getGrowth: { path: 'v1/growth', placement: 'query' },
      getLandPrice: { path: 'v1/land-prices', placement: 'query' }
    })
    expect(report.layout.profile).toBe('provider')
    expect(report.rows.map((row) => row.outcome)).not.toContain('route-missing')
    expect(report.requests).toBeLessThanOrEqual(MAX_DISCOVERY_REQUESTS)
  })

  it('provider layout from a base URL under /v1: the origin-relative /locations is found', async () => {
    const report = await discover(`${provider.baseUrl}/v1`, { fallback: providerLayout() })
    expect(report.layout).toEqual(providerLayout())
    expect(report.layout.profile).toBe('provider')
  })

  it('a refused key stops discovery after the locations route: every row says auth', async () => {
    const probe = createClientProbe({
      baseUrl: spec.baseUrl,
      getApiKey: () => 'wrong-key',
      source: 'remote'
    })
    const report = await discoverLayout({ baseUrl: spec.baseUrl, probe: probe.probe })
    await probe.close()
    expect(new Set(report.rows.map((row) => row.outcome))).toEqual(new Set(['auth']))
    expect(report.requests).toBe(1)
  })
})

describe('a service that cannot be reached', () => {
  it('stops after the first request: every other row says not tried', async () => {
    const server = await startVariantServer(TEST_KEY, {})
    const { baseUrl } = server
    await server.close()
    const report = await discover(baseUrl)
    expect(report.requests).toBe(1)
    expect(report.locationsResult).toMatchObject({ ok: false, error: { code: 'NETWORK' } })
    expect(report.rows.slice(1).every((row) => /^not tried/.test(row.detail ?? ''))).toBe(true)
  })
})

describe('a service that refuses the quota', () => {
  it.each([
    ['HTTP 402', 402, { success: false, error: { code: 'PAYMENT_REQUIRED', message: 'Pay' } }],
    ['success:false QUOTA_EXCEEDED', 200, { success: false, error: { code: 'QUOTA_EXCEEDED' } }]
  ])('%s stops discovery after the first request', async (_, status, body) => {
    let received = 0
    const server = createServer((_request, response) => {
      received += 1
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    const { port } = server.address() as AddressInfo
    try {
      const report = await discover(`http://127.0.0.1:${port}`)
      expect(received).toBe(1)
      expect(report.requests).toBe(1)
      expect(report.locationsResult).toMatchObject({ ok: false, error: { code: 'QUOTA' } })
      expect(report.rows.slice(1).every((row) => /^not tried/.test(row.detail ?? ''))).toBe(true)
    } finally {
      await new Promise((closed) => server.close(closed))
    }
  })
})

describe('discovery against service variants', () => {
  const servers: VariantServer[] = []
  afterAll(() => Promise.all(servers.map((server) => server.close())))
  const variant = async (routes: Parameters<typeof startVariantServer>[1]) => {
    const server = await startVariantServer(TEST_KEY, routes)
    servers.push(server)
    return server
  }

  it('body-only sector: locations found with the body placement, prices too', async () => {
    const server = await variant({
      '/locations': { operation: 'locations', placement: 'body' },
      '/v1/residential-prices': { operation: 'residential-prices', placement: 'body' },
      '/v1/growth': { operation: 'growth', placement: 'body' },
      '/v1/land-prices': { operation: 'land-prices', placement: 'body' }
    })
    const report = await discover(server.baseUrl)
    expect(report.layout.routes.listLocations).toEqual({ path: 'locations', placement: 'body' })
    expect(report.layout.routes.getLandPrice).toEqual({ path: 'v1/land-prices', placement: 'body' })
    expect(outcomes(report)).toEqual({
      listLocations: 'works',
      getResidentialPrice: 'works',
      getGrowth: 'works',
      getLandPrice: 'works'
    })
    expect(report.layout.profile).toBe('custom')
    // The placement that worked for locations is tried first everywhere: one probe per route.
    expect(probes(server)).toEqual([
      '/locations query',
      '/locations body',
      '/residential-prices body',
      '/v1/residential-prices body',
      '/growth body',
      '/v1/growth body',
      '/land-prices body',
      '/v1/land-prices body'
    ])
    expect(report.requests).toBe(8)
  })

  it('query-only provider layout: each operation asked once where it is not, once where it is', async () => {
    const server = await variant({
      '/locations': { operation: 'locations', placement: 'query' },
      '/v1/residential-prices': { operation: 'residential-prices', placement: 'query' },
      '/v1/growth': { operation: 'growth', placement: 'query' },
      '/v1/land-prices': { operation: 'land-prices', placement: 'query' }
    })
    const report = await discover(server.baseUrl)
    expect(probes(server)).toEqual([
      '/locations query',
      '/residential-prices query',
      '/v1/residential-prices query',
      '/growth query',
      '/v1/growth query',
      '/land-prices query',
      '/v1/land-prices query'
    ])
    expect(report.requests).toBe(7)
  })

  it('growth at /growth while prices live under /v1/', async () => {
    const server = await variant({
      '/locations': { operation: 'locations', placement: 'query' },
      '/v1/residential-prices': { operation: 'residential-prices', placement: 'query' },
      '/growth': { operation: 'growth', placement: 'query' },
      '/v1/land-prices': { operation: 'land-prices', placement: 'query' }
    })
    const report = await discover(server.baseUrl)
    expect(report.layout.routes.getGrowth).toEqual({ path: 'growth', placement: 'query' })
    expect(report.layout.routes.getResidentialPrice.path).toBe('v1/residential-prices')
    expect(Object.values(outcomes(report))).toEqual(['works', 'works', 'works', 'works'])
  })

  it('no land route: reported missing, the rest found', async () => {
    const server = await variant({
      '/locations': { operation: 'locations', placement: 'query' },
      '/v1/residential-prices': { operation: 'residential-prices', placement: 'query' },
      '/v1/growth': { operation: 'growth', placement: 'query' }
    })
    const report = await discover(server.baseUrl)
    expect(outcomes(report)).toMatchObject({ getLandPrice: 'route-missing', getGrowth: 'works' })
    const land = report.rows.find((row) => row.operation === 'getLandPrice')
    expect(land?.detail).toMatch(/land-prices/)
  })

  it(`never makes more than MAX_DISCOVERY_REQUESTS (${MAX_DISCOVERY_REQUESTS}) requests, even where nothing exists`, async () => {
    const server = await variant({})
    const report = await discover(`${server.baseUrl}/api`)
    expect(server.hits.length).toBe(report.requests)
    expect(report.requests).toBeLessThanOrEqual(MAX_DISCOVERY_REQUESTS)
    expect(new Set(report.rows.map((row) => row.outcome))).toEqual(new Set(['route-missing']))
  })

  it('a request budget stops discovery and says so', async () => {
    const server = await variant({})
    const report = await discover(`${server.baseUrl}/api`, { maxRequests: 3 })
    expect(server.hits).toHaveLength(3)
    expect(report.rows.some((row) => /stops at 3 requests/.test(row.detail ?? ''))).toBe(true)
  })

  it('rediscovers only the operations asked for (after locations, for a real slug)', async () => {
    const server = await variant({
      '/locations': { operation: 'locations', placement: 'query' },
      '/growth': { operation: 'growth', placement: 'query' }
    })
    const report = await discover(server.baseUrl, { only: ['getGrowth'] })
    expect(report.rows.map((row) => row.operation)).toEqual(['getGrowth'])
    expect(report.layout.routes.getGrowth).toEqual({ path: 'growth', placement: 'query' })
  })
})

describe('a service answering every probe with a slow 400', () => {
  const ALL = ['listLocations', 'getResidentialPrice', 'getGrowth', 'getLandPrice']

  it('discovery ends at its deadline, the probe in flight with it; the rows say what was not tried', async () => {
    const server = await startSlow400Server(400)
    try {
      const report = await discover(server.baseUrl, { deadlineMs: 1_000 })
      expect(report.stopped).toBe('deadline')
      // Each probe takes 400 ms: at most 3 fit in the deadline (32 without one).
      expect(report.requests).toBeLessThanOrEqual(3)
      expect(server.hits).toHaveLength(report.requests)
      await vi.waitFor(() => expect(server.hits.at(-1)?.abandoned).toBe(true))
      expect(report.rows.map((row) => row.operation)).toEqual(ALL)
      for (const row of report.rows.slice(1)) {
        expect(row.detail).toBe('not tried: the test stopped at its 1 s limit')
      }
    } finally {
      await server.close()
    }
  })

  it('a cancel ends it at once: the request in flight is abandoned, nothing more is sent', async () => {
    const server = await startSlow400Server(60_000)
    const cancel = new AbortController()
    server.onRequest = () => cancel.abort()
    try {
      const report = await discover(server.baseUrl, { signal: cancel.signal })
      expect(report.stopped).toBe('cancelled')
      expect(report.requests).toBe(1)
      await vi.waitFor(() => expect(server.hits).toEqual([{ path: '/locations', abandoned: true }]))
      expect(report.rows.map((row) => row.operation)).toEqual(ALL)
      expect(report.rows.every((row) => /the test was cancelled$/.test(row.detail ?? ''))).toBe(
        true
      )
    } finally {
      await server.close()
    }
  })
})

describe('candidate paths', () => {
  it('at a sub-path: relative to the base URL and to its origin', () => {
    expect(candidatePaths('https://x.test/api', 'growth')).toEqual([
      'growth',
      'v1/growth',
      '/growth',
      '/v1/growth'
    ])
  })
  it("at the host's root each URL is tried once", () => {
    expect(candidatePaths('https://x.test', 'growth')).toEqual(['growth', 'v1/growth'])
  })
})
