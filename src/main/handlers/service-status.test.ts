import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startService } from '../../service'
import { ILLUSTRATIVE_NOTICE } from '../../service/data/generate'
import type { RunningService } from '../../service'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'
import { expectOk } from '../../../test/support/shared/expect-ok'

const SERVICE_KEY = 'svc-status-key-7731'
let remote: RunningService
let core: TestCore | undefined

beforeAll(async () => {
  remote = await startService({ apiKey: SERVICE_KEY })
})
afterAll(async () => {
  await remote.close()
})
afterEach(async () => {
  await core?.cleanup()
  core = undefined
})

/** A clock that moves one minute per reading, so every recorded time is different. */
function tickingClock() {
  let minutes = 0
  return () => new Date(Date.UTC(2025, 2, 1, 12, minutes++))
}

describe('the status line tells of the service in use: its own last answers', () => {
  it("switching between demo and your service never shows the other's last success or error", async () => {
    core = makeTestCore({ clock: tickingClock() })
    const { handlers } = core
    expectOk(await handlers.listLocations({ sector: 'land' }))
    const demo = expectOk(await handlers.getConnectionStatus())
    expect(demo.lastSuccessAt).toBeDefined()

    expectOk(await handlers.updateSettings({ connectionMode: 'remote', baseUrl: remote.baseUrl }))
    expectOk(await handlers.setApiKey({ key: 'wrong-key-000000', persistence: 'session' }))
    const fresh = expectOk(await handlers.getConnectionStatus())
    expect(fresh.mode).toBe('remote')
    expect(fresh.lastSuccessAt).toBeUndefined()
    expect(fresh.lastError).toBeUndefined()

    const refused = await handlers.listLocations({ sector: 'land' })
    expect(!refused.ok && refused.error.code).toBe('AUTH')
    expect(expectOk(await handlers.getConnectionStatus())).toMatchObject({
      lastError: { code: 'AUTH' }
    })
    expect(expectOk(await handlers.getConnectionStatus()).lastSuccessAt).toBeUndefined()

    expectOk(await handlers.setApiKey({ key: SERVICE_KEY, persistence: 'session' }))
    expectOk(await handlers.listLocations({ sector: 'land' }))
    const remoteOk = expectOk(await handlers.getConnectionStatus())
    expect(remoteOk.lastSuccessAt).toBeDefined()
    expect(remoteOk.lastSuccessAt).not.toBe(demo.lastSuccessAt)
    expect(remoteOk.lastError).toBeUndefined()
    // This service says its data is illustrative: the status carries its own words, as demo's.
    expect(remoteOk.demoNotice).toBe(ILLUSTRATIVE_NOTICE)

    // Back to demo data: the demo service in use now starts afresh, with nothing of the other's.
    expectOk(await handlers.updateSettings({ connectionMode: 'demo' }))
    const backToDemo = expectOk(await handlers.getConnectionStatus())
    expect(backToDemo.lastSuccessAt).toBeUndefined()
    expect(backToDemo.lastError).toBeUndefined()
    expect(backToDemo.service).toEqual({ kind: 'open' })
  })

  it('another base URL is another connection', async () => {
    core = makeTestCore({ clock: tickingClock() })
    const { handlers } = core
    expectOk(await handlers.updateSettings({ connectionMode: 'remote', baseUrl: remote.baseUrl }))
    expectOk(await handlers.setApiKey({ key: SERVICE_KEY, persistence: 'session' }))
    expectOk(await handlers.listLocations({ sector: 'land' }))
    expect(expectOk(await handlers.getConnectionStatus()).lastSuccessAt).toBeDefined()
    const other = remote.baseUrl.replace('127.0.0.1', 'localhost')
    expectOk(await handlers.updateSettings({ baseUrl: other }))
    expect(expectOk(await handlers.getConnectionStatus()).lastSuccessAt).toBeUndefined()
  })
})
