import { describe, expect, it, vi } from 'vitest'
import type { ServiceClient, ServiceClientOptions } from '../client'
import { ok } from '@shared/result'
import { DEFAULT_SETTINGS } from '@shared/settings'
import type { Settings } from '@shared/settings'
import { createConnectionManager, DEMO_PLACEHOLDER_URL } from './connection'

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

function setup(settings: Partial<Settings> = {}, key?: string) {
  let current: Settings = { ...DEFAULT_SETTINGS, ...settings }
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
  return { manager, created, clients, startDemoService, demoClose, change }
}

describe('connection manager', () => {
  it('starts the demo service lazily, once, with a random key, and reuses the client', async () => {
    const { manager, created, startDemoService } = setup()
    expect(startDemoService).not.toHaveBeenCalled()
    expect(manager.describe()).toEqual({
      mode: 'demo',
      baseUrl: DEMO_PLACEHOLDER_URL,
      configured: true
    })
    const [first, second] = await Promise.all([manager.acquire(), manager.acquire()])
    expect(first?.ok && second?.ok && first.data.client === second.data.client).toBe(true)
    expect(startDemoService).toHaveBeenCalledTimes(1)
    const demoKey = startDemoService.mock.calls[0]?.[0] ?? ''
    expect(demoKey.length).toBeGreaterThanOrEqual(32)
    expect(demoKey).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(created[0]).toMatchObject({ baseUrl: 'http://127.0.0.1:40001', source: 'demo' })
    expect(created[0]?.getApiKey()).toBe(startDemoService.mock.calls[0]?.[0])
    expect(manager.describe().baseUrl).toBe('http://127.0.0.1:40001')
  })

  it('uses a different demo key per launch', async () => {
    const a = setup()
    const b = setup()
    await a.manager.acquire()
    await b.manager.acquire()
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
    const failed = await manager.acquire()
    expect(failed.ok || failed.error.code).toBe('INTERNAL')
    expect((await manager.acquire()).ok).toBe(true)
  })

  it('answers NOT_CONFIGURED in remote mode until the URL and key are set', async () => {
    const { manager, created } = setup({ connectionMode: 'remote' })
    const result = await manager.acquire()
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('NOT_CONFIGURED')
      expect(result.error.message).toContain('base URL and your API key are missing')
    }
    expect(manager.describe()).toMatchObject({ mode: 'remote', configured: false })
    expect(created).toHaveLength(0)
  })

  it('rebuilds the client when connection settings change, closing the old one', async () => {
    const { manager, created, clients, change } = setup(
      { connectionMode: 'remote', baseUrl: 'https://api.example.com' },
      'key'
    )
    await manager.acquire()
    change({ theme: 'dark', offlineMode: true })
    await manager.acquire()
    expect(created).toHaveLength(1)
    expect(created[0]?.isOffline?.()).toBe(true)
    change({ parameterPlacement: 'both' })
    await manager.acquire()
    expect(created).toHaveLength(2)
    expect(created[1]).toMatchObject({ parameterPlacement: 'both', source: 'remote' })
    expect(clients[0]?.close).toHaveBeenCalled()
  })

  it('stops the demo service and closes the client on dispose', async () => {
    const { manager, clients, demoClose } = setup()
    await manager.acquire()
    await manager.dispose()
    expect(demoClose).toHaveBeenCalled()
    expect(clients[0]?.close).toHaveBeenCalled()
    const after = await manager.acquire()
    expect(after.ok).toBe(false)
  })

  it('stops the demo service only when nothing uses it: not during a demo connection test', async () => {
    const { manager, change, startDemoService, demoClose } = setup({}, 'remote-key-123')
    expect((await manager.acquire()).ok).toBe(true)
    change({ connectionMode: 'remote', baseUrl: 'https://api.example.com' })
    const trial = await manager.trial({
      connectionMode: 'demo',
      baseUrl: '',
      parameterPlacement: 'query'
    })
    if (!trial.ok) throw new Error(trial.error.message)
    await manager.settle()
    expect(demoClose).not.toHaveBeenCalled()
    await trial.data.release()
    await manager.settle()
    expect(demoClose).toHaveBeenCalledTimes(1)
    expect(manager.describe().mode).toBe('remote')
    change({ connectionMode: 'demo' })
    expect((await manager.acquire()).ok).toBe(true)
    expect(startDemoService).toHaveBeenCalledTimes(2)
  })
})
