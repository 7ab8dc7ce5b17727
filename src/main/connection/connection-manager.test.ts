import { describe, expect, it, vi } from 'vitest'
import type { ServiceClient } from '../client/client'
import type { ServiceClientOptions } from '../client/options'
import type { ServiceState } from '@shared/contract'
import { ok } from '@shared/result'
import type { Result } from '@shared/result'
import { DEFAULT_SETTINGS } from '@shared/settings'
import type { Settings } from '@shared/settings'
import { createConnectionManager, DEMO_PLACEHOLDER_URL } from './connection-manager'
import type { ConnectionManager } from './connection-manager'

/** The connection a call made now would use. */
const acquire = (manager: ConnectionManager): Promise<Result<ServiceClient>> =>
  manager.use(async (acquired) => acquired)

function fakeClient(): ServiceClient {
  const answer = () => Promise.resolve(ok({ sector: 'land', locations: [] }))
  return {
    listLocations: answer,
    getResidentialPrice: vi.fn(),
    getGrowth: vi.fn(),
    getLandPrice: vi.fn(),
    close: vi.fn(() => Promise.resolve())
  } as unknown as ServiceClient
}

function setup(settings: Partial<Settings> = {}, initialKey?: string) {
  let current: Settings = { ...DEFAULT_SETTINGS, ...settings }
  let key = initialKey
  const states: ServiceState[] = []
  const created: ServiceClientOptions[] = []
  const clients: ServiceClient[] = []
  const demoClose = vi.fn(() => Promise.resolve())
  // Assertions belong in the test, not here: the manager catches what this function throws.
  const startDemoService = vi.fn((_apiKey: string) =>
    Promise.resolve({ baseUrl: 'http://127.0.0.1:40001', close: demoClose })
  )
  const manager = createConnectionManager({
    settings: { current: () => current },
    vault: { getKey: () => key },
    startDemoService,
    emitServiceState: (state) => states.push(state),
    createClient: (options) => {
      created.push(options)
      const client = fakeClient()
      clients.push(client)
      return client
    }
  })
  const change = (patch: Partial<Settings>) => {
    current = { ...current, ...patch }
  }
  const setKey = (next: string | undefined) => {
    key = next
  }
  return { manager, created, clients, startDemoService, demoClose, change, setKey, states }
}

describe('connection manager', () => {
  it('a saved key that cannot be read is a typed error for a call and a test, not a throw', async () => {
    const createClient = vi.fn(fakeClient)
    const manager = createConnectionManager({
      settings: {
        current: () => ({
          ...DEFAULT_SETTINGS,
          connectionMode: 'remote',
          baseUrl: 'https://api.test'
        })
      },
      vault: {
        getKey: () => {
          throw new Error('keychain locked')
        }
      },
      startDemoService: () => Promise.reject(new Error('no demo in remote mode')),
      createClient
    })
    const unreadable = /could not be read from secure storage/
    const acquired = await acquire(manager)
    expect(acquired.ok ? 'acquired' : acquired.error.message).toMatch(unreadable)
    const tested = await manager.prober()
    expect(tested.ok ? 'a prober' : tested.error.message).toMatch(unreadable)
    // A test of the form without a typed key falls back to the saved one: unreadable too.
    const draft = { connectionMode: 'remote', baseUrl: 'https://api.test' } as const
    const drafted = await manager.prober({ ...draft, parameterPlacement: 'query' })
    expect(drafted.ok ? 'a prober' : drafted.error.message).toMatch(unreadable)
    expect(drafted.ok || drafted.error.code).toBe('NOT_CONFIGURED')
    expect(createClient).not.toHaveBeenCalled()
    // A key typed in the form is used as it is: the vault is not needed.
    const typed = await manager.prober({
      ...draft,
      parameterPlacement: 'query',
      apiKey: 'sk-typed-key-123456'
    })
    expect(typed.ok).toBe(true)
    if (typed.ok) await typed.data.probe.close()
    // The status bar: configured (a key was saved), with a notice saying it cannot be read.
    const status = manager.status()
    expect(status).toMatchObject({ mode: 'remote', configured: true })
    expect(status.notices?.join(' ')).toMatch(unreadable)
    // The service in use still has a guard: its state is told, nothing throws.
    expect(status.service.kind).toBe('open')
    await manager.dispose()
  })

  it('starts the demo service lazily, once, with a random key, and reuses the client', async () => {
    const { manager, created, startDemoService } = setup()
    expect(startDemoService).not.toHaveBeenCalled()
    expect(manager.status()).toEqual({
      mode: 'demo',
      baseUrl: DEMO_PLACEHOLDER_URL,
      configured: true,
      service: { kind: 'open' }
    })
    const [first, second] = await Promise.all([acquire(manager), acquire(manager)])
    expect(first?.ok && second?.ok && first.data === second.data).toBe(true)
    expect(startDemoService).toHaveBeenCalledTimes(1)
    const demoKey = startDemoService.mock.calls[0]?.[0] ?? ''
    expect(demoKey.length).toBeGreaterThanOrEqual(32)
    expect(demoKey).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(created[0]).toMatchObject({ baseUrl: 'http://127.0.0.1:40001', source: 'demo' })
    expect(created[0]?.getApiKey()).toBe(startDemoService.mock.calls[0]?.[0])
    expect(manager.status().baseUrl).toBe('http://127.0.0.1:40001')
  })

  it('uses a different demo key per launch', async () => {
    const a = setup()
    const b = setup()
    await acquire(a.manager)
    await acquire(b.manager)
    expect(a.startDemoService.mock.calls[0]?.[0]).not.toBe(b.startDemoService.mock.calls[0]?.[0])
  })

  it('retries a demo service that failed to start', async () => {
    const startDemoService = vi
      .fn()
      .mockRejectedValueOnce(new Error('EADDRINUSE'))
      .mockResolvedValue({ baseUrl: 'http://127.0.0.1:4', close: () => Promise.resolve() })
    const manager = createConnectionManager({
      settings: { current: () => DEFAULT_SETTINGS },
      vault: { getKey: () => undefined },
      startDemoService,
      createClient: fakeClient
    })
    const failed = await acquire(manager)
    expect(failed.ok || failed.error.code).toBe('INTERNAL')
    expect((await acquire(manager)).ok).toBe(true)
  })

  it('answers NOT_CONFIGURED in remote mode until the URL and key are set', async () => {
    const { manager, created } = setup({ connectionMode: 'remote' })
    const result = await acquire(manager)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('NOT_CONFIGURED')
      expect(result.error.message).toContain('base URL and your API key are missing')
    }
    expect(manager.status()).toMatchObject({ mode: 'remote', configured: false })
    expect(created).toHaveLength(0)
  })

  it('rebuilds the client when connection settings change, closing the old one', async () => {
    const { manager, created, clients, change } = setup(
      { connectionMode: 'remote', baseUrl: 'https://api.example.com' },
      'key'
    )
    await acquire(manager)
    change({ theme: 'dark', offlineMode: true })
    await acquire(manager)
    expect(created).toHaveLength(1)
    expect(created[0]?.isOffline?.()).toBe(true)
    change({ parameterPlacement: 'both' })
    await acquire(manager)
    expect(created).toHaveLength(2)
    expect(created[1]).toMatchObject({ parameterPlacement: 'both', source: 'remote' })
    expect(clients[0]?.close).toHaveBeenCalled()
  })

  it('stops the demo service and closes the client on dispose', async () => {
    const { manager, clients, demoClose } = setup()
    await acquire(manager)
    await manager.dispose()
    expect(demoClose).toHaveBeenCalled()
    expect(clients[0]?.close).toHaveBeenCalled()
    const after = await acquire(manager)
    expect(after.ok).toBe(false)
  })

  it('stops the demo service only when nothing uses it: not during a demo connection test', async () => {
    const { manager, change, startDemoService, demoClose } = setup({}, 'remote-key-123')
    expect((await acquire(manager)).ok).toBe(true)
    change({ connectionMode: 'remote', baseUrl: 'https://api.example.com' })
    const test = await manager.prober({
      connectionMode: 'demo',
      baseUrl: '',
      parameterPlacement: 'query'
    })
    if (!test.ok) throw new Error(test.error.message)
    await manager.settle()
    expect(demoClose).not.toHaveBeenCalled()
    await test.data.probe.close()
    await manager.settle()
    expect(demoClose).toHaveBeenCalledTimes(1)
    expect(manager.status().mode).toBe('remote')
    change({ connectionMode: 'demo' })
    expect((await acquire(manager)).ok).toBe(true)
    expect(startDemoService).toHaveBeenCalledTimes(2)
  })

  it('a new key, base URL or connection setting is a new service: a fresh guard, told', async () => {
    const { manager, created, change, setKey, states } = setup(
      { connectionMode: 'remote', baseUrl: 'https://api.example.com' },
      'key-one'
    )
    const first = await acquire(manager)
    const guard = created[0]?.guard
    if (!first.ok || !guard) throw new Error('no connection')
    // The guard the client sends through is the one the status line reads and "Retry now" ends.
    await guard.send(
      async () => ({ ok: false, error: { code: 'AUTH', message: 'no' } }),
      new AbortController().signal
    )
    expect(manager.status()).toMatchObject({
      service: { kind: 'stopped' },
      lastError: { code: 'AUTH' }
    })
    expect(states).toMatchObject([{ kind: 'stopped' }])
    expect(manager.resumeService()).toEqual({ kind: 'open' })
    await guard.send(
      async () => ({ ok: false, error: { code: 'AUTH', message: 'no' } }),
      new AbortController().signal
    )

    setKey('key-two')
    await manager.settle()
    expect(states.map((state) => state.kind)).toEqual(['stopped', 'open', 'stopped', 'open'])
    expect(manager.status()).toEqual({
      mode: 'remote',
      baseUrl: 'https://api.example.com',
      configured: true,
      service: { kind: 'open' }
    })
    await acquire(manager)
    expect(created).toHaveLength(2)
    expect(created[1]?.guard).not.toBe(guard)

    change({ baseUrl: 'https://other.example.com' })
    await acquire(manager)
    change({ timeouts: { ...DEFAULT_SETTINGS.timeouts, bodyMs: 1_000 } })
    await acquire(manager)
    expect(new Set(created.map((options) => options.guard)).size).toBe(4)
  })
})
