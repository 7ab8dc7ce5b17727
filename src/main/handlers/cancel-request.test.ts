/**
 * Single lookups can be cancelled by the id the renderer gave them; cancelling one caller never
 * cancels another caller's identical (de-duplicated) request.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Result } from '@shared/result'
import {
  delayed,
  envelope,
  hang,
  startFaultServer
} from '../../../test/support/client/fault-server'
import type { FaultServer } from '../../../test/support/client/fault-server'
import { PRICE } from '../../../test/support/client/helpers'
import { createDispatcher } from '../ipc/registry'
import { createMemoryVault } from '../vault/key-vault'
import { makeTestCore } from '../../../test/support/handlers/core-harness'
import type { TestCore } from '../../../test/support/handlers/core-harness'

const INPUT = { location: 'lekki-phase-1', countryCode: 'NG', type: 'sale', beds: '3' } as const
const GROWTH = { growth: 7.5, period: '2020-2025' }

let server: FaultServer
let core: TestCore

beforeEach(async () => {
  server = await startFaultServer()
  core = makeTestCore({ vault: createMemoryVault({ key: 'sk-cancel-test-key' }) })
  await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: `${server.origin}/v1` })
})
afterEach(async () => {
  await core.cleanup()
  await server.close()
})

async function hits(count: number): Promise<void> {
  while (server.hits.length < count) await new Promise((resolve) => setTimeout(resolve, 5))
}

const codeOf = (result: Result<unknown>): string => (result.ok ? 'ok' : result.error.code)

describe('cancelRequest', () => {
  it('ends a lookup in flight with CANCELLED; the id is then forgotten', async () => {
    server.setDefault(hang())
    const { handlers } = core
    const pending = handlers.getResidentialPrice({ ...INPUT, requestId: 'screen-1' })
    await hits(1)
    expect(await handlers.cancelRequest({ requestId: 'screen-1' })).toEqual({
      ok: true,
      data: { cancelled: true }
    })
    expect(codeOf(await pending)).toBe('CANCELLED')
    expect(await handlers.cancelRequest({ requestId: 'screen-1' })).toMatchObject({
      data: { cancelled: false }
    })
  })

  it.each([
    ['listLocations', { sector: 'land' }],
    ['getGrowth', { location: 'ikoyi', countryCode: 'NG', sector: 'land' }],
    ['getLandPrice', { location: 'ikoyi', countryCode: 'NG' }]
  ] as const)('%s can be cancelled too', async (operation, input) => {
    server.setDefault(hang())
    const handler = core.handlers[operation] as (input: unknown) => Promise<Result<unknown>>
    const pending = handler({ ...input, requestId: `op-${operation}` })
    await hits(1)
    expect(await core.handlers.cancelRequest({ requestId: `op-${operation}` })).toMatchObject({
      data: { cancelled: true }
    })
    expect(codeOf(await pending)).toBe('CANCELLED')
  })

  it("cancelling one caller leaves another caller's identical request running", async () => {
    server.setDefault(delayed(300, envelope(PRICE)))
    const { handlers } = core
    const leaving = handlers.getResidentialPrice({ ...INPUT, requestId: 'leaving' })
    const staying = handlers.getResidentialPrice({ ...INPUT, requestId: 'staying' })
    const anonymous = handlers.getResidentialPrice(INPUT)
    await hits(1)
    await handlers.cancelRequest({ requestId: 'leaving' })
    expect(codeOf(await leaving)).toBe('CANCELLED')
    expect(await staying).toMatchObject({ ok: true, data: PRICE })
    expect(await anonymous).toMatchObject({ ok: true, data: PRICE })
    expect(server.hits).toHaveLength(1)
  })

  it('when every caller has cancelled, the shared request is dropped', async () => {
    let closed = false
    server.queue((_req, res) => res.on('close', () => (closed = true)))
    const { handlers } = core
    const first = handlers.getGrowth({
      location: 'ikoyi',
      countryCode: 'NG',
      sector: 'land',
      requestId: 'g1'
    })
    const second = handlers.getGrowth({
      location: 'ikoyi',
      countryCode: 'NG',
      sector: 'land',
      requestId: 'g2'
    })
    await hits(1)
    await handlers.cancelRequest({ requestId: 'g1' })
    await handlers.cancelRequest({ requestId: 'g2' })
    expect([codeOf(await first), codeOf(await second)]).toEqual(['CANCELLED', 'CANCELLED'])
    while (!closed) await new Promise((resolve) => setTimeout(resolve, 5))
    server.setDefault(envelope(GROWTH))
    expect(
      await handlers.getGrowth({ location: 'ikoyi', countryCode: 'NG', sector: 'land' })
    ).toMatchObject({
      ok: true
    })
  })

  it('an id already in flight is refused; an unknown id cancels nothing', async () => {
    server.setDefault(delayed(200, envelope(PRICE)))
    const { handlers } = core
    const first = handlers.getResidentialPrice({ ...INPUT, requestId: 'twice' })
    const again = await handlers.getLandPrice({
      location: 'ikoyi',
      countryCode: 'NG',
      requestId: 'twice'
    })
    expect(again).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(!again.ok && again.error.message).toMatch(/already running/)
    expect(await handlers.cancelRequest({ requestId: 'nobody' })).toMatchObject({
      data: { cancelled: false }
    })
    expect(await first).toMatchObject({ ok: true })
  })

  it('over IPC: request ids and cancelRequest input are validated', async () => {
    const dispatch = createDispatcher(core.handlers, {
      isTrustedSender: () => true,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined }
    })
    for (const requestId of ['', 'a b', 'x'.repeat(65), 7, '../x']) {
      const reply = await dispatch('getLandPrice', null, {
        location: 'ikoyi',
        countryCode: 'NG',
        requestId
      })
      expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    }
    for (const input of [undefined, {}, { requestId: 'a', extra: 1 }, { batchId: 'a' }]) {
      expect(await dispatch('cancelRequest', null, input)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' }
      })
    }
    // A batch item may be named (its waits are reported under that id), by the same rules.
    for (const requestId of ['', 'a b', 'x'.repeat(65), 7, '../x']) {
      const batch = await dispatch('batchLookup', null, {
        batchId: 'b',
        items: [{ kind: 'landPrice', location: 'ikoyi', countryCode: 'NG', requestId }]
      })
      expect(batch).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    }
    expect(server.hits).toHaveLength(0)
  })
})
