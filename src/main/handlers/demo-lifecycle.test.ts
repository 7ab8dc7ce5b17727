import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '@shared/result'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'
import { listening } from '../../../test/support/net/loopback'

let core: TestCore | undefined

afterEach(async () => {
  await core?.cleanup()
  core = undefined
})

function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port)
}

function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.data
}

async function demoPort(started: TestCore): Promise<number> {
  expectOk(await started.handlers.listLocations({ sector: 'residential' }))
  const status = expectOk(await started.handlers.getConnectionStatus())
  expect(status.mode).toBe('demo')
  return portOf(status.baseUrl)
}

describe('the demo service follows the connection mode', () => {
  it('closes its port when "Your service" is chosen and starts again on switching back', async () => {
    core = makeTestCore()
    const { handlers } = core
    const firstPort = await demoPort(core)
    expect(await listening(firstPort)).toBe(true)

    expectOk(
      await handlers.updateSettings({ connectionMode: 'remote', baseUrl: 'http://127.0.0.1:9' })
    )
    expect(await listening(firstPort)).toBe(false)

    expectOk(await handlers.updateSettings({ connectionMode: 'demo' }))
    const secondPort = await demoPort(core)
    expect(await listening(secondPort)).toBe(true)
  })

  it('keeps it for a demo connection test run from Settings, and closes it afterwards', async () => {
    core = makeTestCore()
    const { handlers } = core
    expectOk(
      await handlers.updateSettings({ connectionMode: 'remote', baseUrl: 'http://127.0.0.1:9' })
    )
    const tested = expectOk(
      await handlers.testConnection({
        connectionMode: 'demo',
        baseUrl: '',
        parameterPlacement: 'query'
      })
    )
    expect(tested.locationsFound).toBeGreaterThan(0)
    const port = portOf(tested.baseUrl)
    await expect.poll(() => listening(port)).toBe(false)
  })

  it('lets lookups started before the switch finish on demo data, then closes the port', async () => {
    core = makeTestCore()
    const { handlers } = core
    const port = await demoPort(core)
    const landStarted = handlers.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    const batchStarted = handlers.batchLookup({
      batchId: 'before-switch',
      items: [{ kind: 'landPrice', location: 'ikoyi', countryCode: 'NG' }]
    })
    expectOk(
      await handlers.updateSettings({ connectionMode: 'remote', baseUrl: 'http://127.0.0.1:9' })
    )
    expect(expectOk(await landStarted).price).toBeGreaterThan(0)
    expect(expectOk(await batchStarted)).toEqual({ batchId: 'before-switch', cancelled: false })
    const streamed = core.progress.flatMap((event) => event.items ?? [])
    expect(streamed).toMatchObject([{ index: 0, result: { ok: true } }])
    await expect.poll(() => listening(port)).toBe(false)
  })
})
