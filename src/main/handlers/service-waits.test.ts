import { afterEach, describe, expect, it } from 'vitest'
import { startService } from '../../service'
import type { ConnectionStatus, ServiceWaitEvent } from '@shared/contract'
import type { Result } from '@shared/result'
import { makeTestCore } from '../../../test/support/handlers/core-harness'
import type { TestCore } from '../../../test/support/handlers/core-harness'

const KEY = 'svc-waits-key-5521'
let core: TestCore | undefined
afterEach(async () => {
  await core?.cleanup()
  core = undefined
})

describe('lookups report their waits to the renderer', () => {
  it('a rate-limited lookup named by a requestId: one wait event of the Retry-After, and the status says rate limiting meanwhile', async () => {
    // One request per second: right after one, the next is answered 429 with Retry-After ≥ 1.
    const service = await startService({ apiKey: KEY, rateLimitPerSecond: 1 })
    try {
      const waits: ServiceWaitEvent[] = []
      let statusDuringWait: Promise<Result<ConnectionStatus>> | undefined
      const test = makeTestCore({
        emitServiceWait: (event) => {
          waits.push(event)
          statusDuringWait ??= test.handlers.getConnectionStatus()
        }
      })
      core = test
      await test.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.baseUrl })
      await test.handlers.setApiKey({ key: KEY, persistence: 'session' })
      expect((await test.handlers.listLocations({ sector: 'land' })).ok).toBe(true)

      const result = await test.handlers.listLocations({ sector: 'residential', requestId: 'w-1' })
      expect(result.ok).toBe(true)
      expect(waits).toHaveLength(1)
      expect(waits[0]).toMatchObject({
        requestId: 'w-1',
        reason: 'rate-limited',
        attempt: 2,
        maxAttempts: 3
      })
      expect(waits[0]?.waitMs).toBeGreaterThanOrEqual(1_000)
      const status = await statusDuringWait
      expect(status?.ok && status.data.rateLimitedUntil).toEqual(expect.any(String))
    } finally {
      await service.close()
    }
  })

  it('a lookup without a requestId asked for no events: none are sent', async () => {
    const service = await startService({ apiKey: KEY, rateLimitPerSecond: 1 })
    try {
      const waits: ServiceWaitEvent[] = []
      core = makeTestCore({ emitServiceWait: (event) => waits.push(event) })
      await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.baseUrl })
      await core.handlers.setApiKey({ key: KEY, persistence: 'session' })
      await core.handlers.listLocations({ sector: 'land' })
      expect((await core.handlers.listLocations({ sector: 'residential' })).ok).toBe(true)
      expect(waits).toEqual([])
    } finally {
      await service.close()
    }
  })
})
