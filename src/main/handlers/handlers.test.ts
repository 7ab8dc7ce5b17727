import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startService } from '../../service'
import type { RunningService } from '../../service'
import type { LookupRequest } from '@shared/contract'
import type { Result } from '@shared/result'
import { createMemoryVault } from '../vault/key-vault'
import { DEMO_NOTICE } from '@shared/contract'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'
import { expectOk } from '../../../test/support/shared/expect-ok'
import { describeError } from '@shared/errors/next-steps'

/** The error as the app shows it: what happened and the next step. */
const shown = (result: Result<unknown>) => !result.ok && describeError(result.error, 'app')

const SERVICE_KEY = 'svc-test-key-123456'
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

function errorCode(result: Result<unknown>): string | undefined {
  return result.ok ? undefined : result.error.code
}

describe('handlers in demo mode (embedded service)', () => {
  it('answers every lookup operation from the embedded service', async () => {
    core = makeTestCore()
    const { handlers } = core
    const residential = await handlers.listLocations({ sector: 'residential' })
    expect(residential.ok && residential.meta?.source).toBe('demo')
    const locations = expectOk(residential).locations
    expect(locations.length).toBeGreaterThan(10)
    const land = expectOk(await handlers.listLocations({ sector: 'land' })).locations
    expect(land.length).toBeGreaterThan(5)

    const price = expectOk(
      await handlers.getResidentialPrice({
        location: 'lekki-phase-1',
        countryCode: 'NG',
        type: 'rent',
        beds: '3'
      })
    )
    expect(price).toMatchObject({ location: 'lekki-phase-1', currency: 'NGN', beds: '3' })
    const growth = expectOk(
      await handlers.getGrowth({
        location: 'lekki-phase-1',
        countryCode: 'NG',
        sector: 'residential',
        type: 'sale',
        beds: '3'
      })
    )
    expect(growth.period).toMatch(/^\d{4}-\d{4}$/)
    expectOk(await handlers.getGrowth({ location: 'ikoyi', countryCode: 'NG', sector: 'land' }))
    expect(
      expectOk(await handlers.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })).price
    ).toBeGreaterThan(0)
    const missing = await handlers.getResidentialPrice({
      location: 'no-such-place',
      countryCode: 'NG',
      type: 'rent',
      beds: '3'
    })
    expect(errorCode(missing)).toBe('NOT_FOUND')
  })

  it('reports the demo connection, last success and the demo notice', async () => {
    core = makeTestCore({ clock: () => new Date('2025-03-01T12:00:00.000Z') })
    const before = expectOk(await core.handlers.getConnectionStatus())
    expect(before).toMatchObject({ mode: 'demo', configured: true, offlineMode: false })
    expect(before.lastSuccessAt).toBeUndefined()
    expect(before.demoNotice).toBe(DEMO_NOTICE)
    expectOk(await core.handlers.listLocations({ sector: 'land' }))
    const after = expectOk(await core.handlers.getConnectionStatus())
    expect(after.lastSuccessAt).toBe('2025-03-01T12:00:00.000Z')
    expect(after.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const test = expectOk(await core.handlers.testConnection())
    expect(test.baseUrl).toBe(after.baseUrl)
    expect(test.locationsFound).toBeGreaterThan(10)
    expect(test.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('stops the demo service on dispose', async () => {
    core = makeTestCore()
    expectOk(await core.handlers.listLocations({ sector: 'land' }))
    const { baseUrl } = expectOk(await core.handlers.getConnectionStatus())
    await core.dispose()
    await expect(fetch(`${baseUrl}/locations?sector=land`)).rejects.toThrow()
    expect(errorCode(await core.handlers.listLocations({ sector: 'land' }))).toBe('INTERNAL')
  })

  it('answers OFFLINE in offline mode without contacting the service', async () => {
    core = makeTestCore()
    expectOk(await core.handlers.updateSettings({ offlineMode: true }))
    expect(errorCode(await core.handlers.listLocations({ sector: 'land' }))).toBe('OFFLINE')
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status.offlineMode).toBe(true)
    // Not an answer of the service: its guard stays open, with no error to show.
    expect(status.service).toEqual({ kind: 'open' })
    expect(status.lastError).toBeUndefined()
  })
})

function batchItems(count: number): LookupRequest[] {
  const kinds: LookupRequest[] = [
    {
      kind: 'residentialPrice',
      location: 'lekki-phase-1',
      countryCode: 'NG',
      type: 'rent',
      beds: '2'
    },
    { kind: 'landPrice', location: 'ikoyi', countryCode: 'NG' },
    { kind: 'growth', location: 'ikoyi', countryCode: 'NG', sector: 'land' }
  ]
  return Array.from({ length: count }, (_, index) => {
    const item = kinds[index % kinds.length]
    if (!item) throw new Error('unreachable')
    return { ...item }
  })
}

describe('batchLookup', () => {
  it('answers each item with its own Result and reports progress', async () => {
    core = makeTestCore()
    const items: LookupRequest[] = [
      ...batchItems(9),
      { kind: 'landPrice', location: 'atlantis', countryCode: 'NG' }
    ]
    const output = expectOk(await core.handlers.batchLookup({ batchId: 'b-1', items }))
    // Every Result went out in progress events before the reply, which carries none.
    expect(output).toEqual({ batchId: 'b-1', cancelled: false })
    // Progress comes as items finish, a few at a time, each item once, with its Result.
    const done = core.progress.map((event) => event.done)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    expect(done.at(-1)).toBe(items.length)
    expect(core.progress.every((event) => event.total === items.length)).toBe(true)
    const streamed = core.progress.flatMap((event) => event.items ?? [])
    expect(streamed.map((item) => item.index).sort((a, b) => a - b)).toEqual(
      items.map((_, index) => index)
    )
    const results = new Map(streamed.map(({ index, result }) => [index, result]))
    expect([...Array(9).keys()].every((index) => results.get(index)?.ok)).toBe(true)
    expect(errorCode(results.get(9) as Result<unknown>)).toBe('NOT_FOUND')
  })

  it('cancels the rest of a running batch', async () => {
    core = makeTestCore({
      emitBatchProgress: (event) => {
        core.progress.push(event)
        // The first progress event comes right after the first item (later ones come together).
        void core.handlers.cancelBatch({ batchId: 'big' })
      }
    })
    const items = batchItems(300)
    const output = expectOk(await core.handlers.batchLookup({ batchId: 'big', items }))
    expect(output.cancelled).toBe(true)
    const results = core.progress.flatMap((event) => event.items ?? []).map((item) => item.result)
    expect(results).toHaveLength(300)
    const ok = results.filter((result) => result.ok).length
    const cancelled = results.filter((result) => errorCode(result) === 'CANCELLED').length
    expect(ok).toBeGreaterThanOrEqual(1)
    expect(ok).toBeLessThan(20)
    expect(ok + cancelled).toBe(300)
    expect(core.progress.at(-1)).toMatchObject({ batchId: 'big', done: 300, total: 300 })
    expect(core.progress.at(-1)?.items?.at(-1)?.result).toMatchObject({
      ok: false,
      error: { code: 'CANCELLED' }
    })
    expect(expectOk(await core.handlers.cancelBatch({ batchId: 'big' }))).toEqual({
      cancelled: false
    })
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status.lastError).toBeUndefined()
  })

  it('refuses a second batch with the same id while the first runs', async () => {
    core = makeTestCore()
    const first = core.handlers.batchLookup({ batchId: 'dup', items: batchItems(30) })
    const second = await core.handlers.batchLookup({ batchId: 'dup', items: batchItems(1) })
    expect(errorCode(second)).toBe('INVALID_INPUT')
    expect((await first).ok).toBe(true)
  })
})

describe('remote mode', () => {
  it('answers NOT_CONFIGURED, saying to open Settings, without a base URL or key', async () => {
    core = makeTestCore()
    expectOk(await core.handlers.updateSettings({ connectionMode: 'remote' }))
    for (const result of [
      await core.handlers.listLocations({ sector: 'residential' }),
      await core.handlers.testConnection(),
      await core.handlers.batchLookup({ batchId: 'x', items: batchItems(2) })
    ]) {
      expect(errorCode(result)).toBe('NOT_CONFIGURED')
      expect(shown(result)).toContain('Open Settings')
    }
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status).toMatchObject({ mode: 'remote', configured: false, baseUrl: '' })
    expect(status.demoNotice).toBeUndefined()
    expectOk(await core.handlers.updateSettings({ baseUrl: remote.baseUrl }))
    const noKey = await core.handlers.listLocations({ sector: 'residential' })
    expect(shown(noKey)).toContain('API key')
  })

  it('tests the connection: AUTH with a wrong key, then success with the right one', async () => {
    core = makeTestCore()
    expectOk(
      await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: remote.baseUrl })
    )
    expectOk(await core.handlers.setApiKey({ key: 'wrong-key-000', persistence: 'persistent' }))
    const wrong = await core.handlers.testConnection()
    expect(errorCode(wrong)).toBe('AUTH')
    expect(expectOk(await core.handlers.getConnectionStatus()).lastError?.code).toBe('AUTH')
    expectOk(await core.handlers.setApiKey({ key: SERVICE_KEY, persistence: 'persistent' }))
    const right = expectOk(await core.handlers.testConnection())
    expect(right).toMatchObject({ baseUrl: remote.baseUrl })
    expect(right.locationsFound).toBeGreaterThan(10)
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status).toMatchObject({ mode: 'remote', configured: true, baseUrl: remote.baseUrl })
    expect(status.lastError).toBeUndefined()
    const price = await core.handlers.getResidentialPrice({
      location: 'ikoyi',
      countryCode: 'NG',
      type: 'sale',
      beds: '3'
    })
    expect(price.ok && price.meta?.source).toBe('remote')
  })

  it('rebuilds the client when connection settings change', async () => {
    core = makeTestCore()
    expectOk(await core.handlers.listLocations({ sector: 'land' }))
    expectOk(
      await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: remote.baseUrl })
    )
    expectOk(await core.handlers.setApiKey({ key: SERVICE_KEY, persistence: 'session' }))
    const viaRemote = await core.handlers.listLocations({ sector: 'land' })
    expect(viaRemote.ok && viaRemote.meta?.source).toBe('remote')
    expectOk(await core.handlers.updateSettings({ parameterPlacement: 'body' }))
    expectOk(await core.handlers.listLocations({ sector: 'land' }))
    expectOk(await core.handlers.updateSettings({ connectionMode: 'demo' }))
    const viaDemo = await core.handlers.listLocations({ sector: 'land' })
    expect(viaDemo.ok && viaDemo.meta?.source).toBe('demo')
  })
})

describe('settings and key operations', () => {
  it('reads and updates settings, rejecting invalid values', async () => {
    core = makeTestCore()
    expect(expectOk(await core.handlers.getSettings()).connectionMode).toBe('demo')
    const updated = expectOk(await core.handlers.updateSettings({ growthUnit: 'fraction' }))
    expect(updated.growthUnit).toBe('fraction')
    const bad = await core.handlers.updateSettings({ baseUrl: 'ftp://x' })
    expect(errorCode(bad)).toBe('INVALID_INPUT')
    expect(shown(bad)).toContain('baseUrl')
  })

  it('sets, reports and clears the key; refuses persistent storage without encryption', async () => {
    core = makeTestCore({ vault: createMemoryVault({ encryptionAvailable: false }) })
    const initial = expectOk(await core.handlers.getKeyStatus())
    expect(initial).toMatchObject({ hasKey: false, storage: 'none', encryptionAvailable: false })
    const refused = await core.handlers.setApiKey({ key: 'abc', persistence: 'persistent' })
    expect(errorCode(refused)).toBe('INVALID_INPUT')
    expect(shown(refused)).toContain('session')
    const session = expectOk(await core.handlers.setApiKey({ key: 'abc', persistence: 'session' }))
    expect(session).toMatchObject({ hasKey: true, storage: 'session' })
    expect(expectOk(await core.handlers.clearApiKey())).toMatchObject({ hasKey: false })
    expect(expectOk(await core.handlers.getKeyStatus()).hasKey).toBe(false)
  })

  it('reports a corrupt settings file in the connection status notices', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(join(tmpdir(), 'market-corrupt-'))
    writeFileSync(join(dir, 'settings.json'), 'not json at all')
    core = makeTestCore({ userDataDir: dir })
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status.notices?.[0]).toContain('reset to their defaults')
  })

  it('shows a saved key the vault cannot read as set up but unreadable, not as no key', async () => {
    const vault = createMemoryVault()
    core = makeTestCore({
      vault: {
        ...vault,
        getKey: () => {
          throw new Error('keychain locked')
        }
      }
    })
    await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: 'https://api.test' })
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status).toMatchObject({ mode: 'remote', configured: true })
    expect(status.notices).toEqual([expect.stringContaining('could not be read from secure')])
    const lookup = await core.handlers.listLocations({ sector: 'residential' })
    expect(lookup.ok || lookup.error.code).toBe('NOT_CONFIGURED')
  })

  it('reports a saved key that cannot be decrypted in the notices, and keeps its ciphertext', async () => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const { createSafeStorageVault } = await import('../vault/key-vault')
    const dir = mkdtempSync(join(tmpdir(), 'market-undecryptable-'))
    const file = { schemaVersion: 1, settings: {}, apiKeyCiphertext: 'djEwc29tZXRoaW5n' }
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(file))
    const safeStorage = {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (text: string) => Buffer.from(text),
      decryptString: (): string => {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage')
      }
    }
    core = makeTestCore({
      userDataDir: dir,
      vault: (store) => createSafeStorageVault({ safeStorage, store })
    })
    const status = expectOk(await core.handlers.getConnectionStatus())
    expect(status.notices).toEqual([expect.stringContaining('could not be decrypted')])
    expect(expectOk(await core.handlers.getKeyStatus()).hasKey).toBe(false)
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toContain(file.apiKeyCiphertext)
  })
})
