import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createServiceClient } from '../client/client'
import type { ServiceClient } from '../client/client'
import { startService } from '../../service'
import type { RunningService } from '../../service'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'
import { expectOk } from '../../../test/support/shared/expect-ok'
import { startSlow400Server } from '../../../test/support/discovery/slow-400-server'

const SERVICE_KEY = 'svc-draft-key-7f3a91c2'
let remote: RunningService
let core: TestCore

beforeAll(async () => {
  remote = await startService({ apiKey: SERVICE_KEY })
})
afterAll(async () => {
  await remote.close()
})
afterEach(async () => {
  await core.cleanup()
})

/** A core whose clients are recorded, with a flag for each that says whether it was closed. */
function coreWithClientLog() {
  const clients: Array<{ baseUrl: string; closed: boolean }> = []
  core = makeTestCore({
    createClient: (options) => {
      const entry = { baseUrl: options.baseUrl, closed: false }
      clients.push(entry)
      const client: ServiceClient = createServiceClient(options)
      return {
        ...client,
        close: async () => {
          entry.closed = true
          await client.close()
        }
      }
    }
  })
  return clients
}

describe('testConnection with what is typed in Settings (not saved)', () => {
  it('uses the typed URL and key for one request, saves nothing, closes its client', async () => {
    const clients = coreWithClientLog()
    const reply = await core.handlers.testConnection({
      connectionMode: 'remote',
      baseUrl: remote.baseUrl,
      parameterPlacement: 'query',
      apiKey: SERVICE_KEY
    })
    const data = expectOk(reply)
    expect(data).toMatchObject({ baseUrl: remote.baseUrl })
    expect(data.locationsFound).toBeGreaterThan(10)
    expect(JSON.stringify(reply)).not.toContain(SERVICE_KEY)

    expect(core.settings.get()).toEqual(DEFAULT_SETTINGS)
    expect(core.vault.status().hasKey).toBe(false)
    expect(core.filesText()).not.toContain(SERVICE_KEY)
    expect(JSON.stringify(core.logs)).not.toContain(SERVICE_KEY)
    expect(clients).toEqual([{ baseUrl: remote.baseUrl, closed: true }])
    // The status bar describes the saved connection, which this test did not touch.
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status).toMatchObject({ mode: 'demo' })
    expect(status.lastSuccessAt).toBeUndefined()
  })

  it('answers AUTH for a wrong typed key, and the key is not in the answer', async () => {
    coreWithClientLog()
    const typed = 'typed-wrong-key-5521'
    const reply = await core.handlers.testConnection({
      connectionMode: 'remote',
      baseUrl: remote.baseUrl,
      parameterPlacement: 'body',
      apiKey: typed
    })
    expect(reply.ok ? 'ok' : reply.error.code).toBe('AUTH')
    expect(JSON.stringify(reply)).not.toContain(typed)
    expect(expectOk(await core.handlers.getConnectionStatus()).lastError).toBeUndefined()
  })

  it('falls back to the saved key when none is typed', async () => {
    coreWithClientLog()
    expectOk(await core.handlers.setApiKey({ key: SERVICE_KEY, persistence: 'session' }))
    const data = expectOk(
      await core.handlers.testConnection({
        connectionMode: 'remote',
        baseUrl: remote.baseUrl,
        parameterPlacement: 'query'
      })
    )
    expect(data.baseUrl).toBe(remote.baseUrl)
  })

  it('says what to fill in on this screen, never "Open Settings", when something is missing', async () => {
    coreWithClientLog()
    const cases = [
      { baseUrl: '', apiKey: SERVICE_KEY, says: /base URL/ },
      { baseUrl: remote.baseUrl, says: /API key/ },
      { baseUrl: '', says: /base URL and your API key/ }
    ]
    for (const { says, ...draft } of cases) {
      const reply = await core.handlers.testConnection({
        connectionMode: 'remote',
        parameterPlacement: 'query',
        ...draft
      })
      if (reply.ok) throw new Error('expected NOT_CONFIGURED')
      expect(reply.error.code).toBe('NOT_CONFIGURED')
      expect(reply.error.message).toMatch(says)
      expect(reply.error.message).not.toMatch(/settings/i)
    }
  })

  it('refuses a typed key that cannot be sent, saying so without "Open Settings"', async () => {
    coreWithClientLog()
    const reply = await core.handlers.testConnection({
      connectionMode: 'remote',
      baseUrl: remote.baseUrl,
      parameterPlacement: 'query',
      apiKey: 'abc\u0007def'
    })
    if (reply.ok) throw new Error('expected a refusal')
    expect(reply.error.message).toMatch(/cannot be sent/)
    expect(reply.error.message).not.toMatch(/settings/i)
    expect(JSON.stringify(reply)).not.toContain('abc\u0007def')
  })

  it('tests demo data while your own service is still selected, and the other way round', async () => {
    coreWithClientLog()
    expectOk(await core.handlers.updateSettings({ connectionMode: 'remote' }))
    const demo = expectOk(
      await core.handlers.testConnection({
        connectionMode: 'demo',
        baseUrl: '',
        parameterPlacement: 'query'
      })
    )
    expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(core.settings.get().connectionMode).toBe('remote')
  })

  it('without input, tests the saved settings as before', async () => {
    coreWithClientLog()
    const saved = expectOk(await core.handlers.testConnection())
    expect(saved.locationsFound).toBeGreaterThan(10)
    expect(expectOk(await core.handlers.getConnectionStatus()).lastSuccessAt).toBeDefined()
  })
})

describe('Test connection against a service answering every probe with a slow 400', () => {
  it('Cancel ends it at once: the probe in flight abandoned, the rows tried so far returned', async () => {
    const server = await startSlow400Server(60_000, { locations: true })
    core = makeTestCore()
    // Cancelled while the first price probe waits for its answer.
    server.onRequest = () => {
      if (server.hits.length === 2) void core.handlers.cancelConnectionTest()
    }
    try {
      const reply = await core.handlers.testConnection({
        connectionMode: 'remote',
        baseUrl: server.baseUrl,
        parameterPlacement: 'query',
        apiKey: SERVICE_KEY
      })
      expect(reply).toMatchObject({
        ok: false,
        error: {
          code: 'CANCELLED',
          details: { stopped: 'cancelled', discoveryRequests: 2, locationsFound: 1 }
        }
      })
      const details = !reply.ok ? (reply.error.details as { discovery: unknown[] }) : undefined
      expect(details?.discovery).toEqual([
        { operation: 'listLocations', path: 'locations', placement: 'query', outcome: 'works' },
        expect.objectContaining({
          operation: 'getResidentialPrice',
          detail: 'no answer: the test was cancelled'
        }),
        expect.objectContaining({
          operation: 'getGrowth',
          detail: 'not tried: the test was cancelled'
        }),
        expect.objectContaining({
          operation: 'getLandPrice',
          detail: 'not tried: the test was cancelled'
        })
      ])
      await vi.waitFor(() =>
        expect(server.hits.at(-1)).toEqual({ path: '/residential-prices', abandoned: true })
      )
      expect(server.hits).toHaveLength(2)
      // Nothing runs any more, and nothing was saved.
      expect(await core.handlers.cancelConnectionTest()).toEqual({
        ok: true,
        data: { cancelled: false }
      })
      expect(core.settings.get()).toEqual(DEFAULT_SETTINGS)
    } finally {
      await server.close()
    }
  })
})
