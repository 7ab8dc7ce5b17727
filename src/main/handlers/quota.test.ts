/**
 * What a failing, limiting or refusing service costs in requests, through the real handlers,
 * client and quota guard, counted at a fault-injecting service on 127.0.0.1 (real waits).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LookupRequest, LookupResult, ServiceState } from '@shared/contract'
import type { Result } from '@shared/result'
import {
  echoing,
  envelope,
  errorEnvelope,
  json,
  reset,
  startFaultServer
} from '../../../test/support/client/fault-server'
import type { Behaviour, FaultServer } from '../../../test/support/client/fault-server'
import { PRICE } from '../../../test/support/client/helpers'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'
import { createMemoryVault } from '../vault/key-vault'

const KEY = 'sk-quota-test-key-7781'
const CONCURRENCY = 6

let server: FaultServer
let core: TestCore
let states: ServiceState[]

beforeEach(async () => {
  server = await startFaultServer()
  states = []
  core = makeTestCore({
    vault: createMemoryVault({ key: KEY }),
    emitServiceState: (state) => states.push(state)
  })
  await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: `${server.origin}/v1` })
})
afterEach(async () => {
  await core.cleanup()
  await server.close()
})

function lookups(count: number): LookupRequest[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'residentialPrice',
    location: `place-${index}`,
    countryCode: 'NG',
    type: 'sale',
    beds: '3'
  }))
}

/** Every item's Result, from the batch's progress events (the app's way: the reply has none). */
async function batch(items: LookupRequest[]): Promise<LookupResult[]> {
  const batchId = `b-${Math.random().toString(36).slice(2)}`
  const reply = await core.handlers.batchLookup({ batchId, items })
  if (!reply.ok) throw new Error(reply.error.message)
  expect(reply.data.results).toBeUndefined()
  const results: LookupResult[] = []
  for (const event of core.progress.filter((progress) => progress.batchId === batchId)) {
    for (const item of event.items ?? []) results[item.index] = item.result
  }
  expect(results.filter(Boolean)).toHaveLength(items.length)
  return results
}

const codeOf = (result: Result<unknown>) => (result.ok ? 'ok' : result.error.code)
const notSent = (result: Result<unknown>) => !result.ok && /^Not sent/.test(result.error.message)

async function status() {
  const answer = await core.handlers.getConnectionStatus()
  if (!answer.ok) throw new Error(answer.error.message)
  return answer.data
}

describe('a service failing for ever', () => {
  const FAILING: Array<[string, Behaviour, string]> = [
    ['503', json(503, { success: false, message: 'Maintenance' }), 'SERVER'],
    ['a reset of every connection', reset(), 'NETWORK']
  ]

  it.each(FAILING)(
    '%s: a batch of 60 lookups sends at most 70 requests, then sending is paused',
    async (_name, behaviour, code) => {
      server.setDefault(behaviour)
      const results = await batch(lookups(60))
      expect(server.hits.length).toBeLessThanOrEqual(60 + 10)
      // The requests in flight together (one failure), and one of them once more.
      expect(server.hits).toHaveLength(CONCURRENCY + 1)
      expect(results.every((result) => codeOf(result) === code)).toBe(true)
      expect(results.filter(notSent)).toHaveLength(60 - CONCURRENCY)
      expect(states).toMatchObject([{ kind: 'paused', reason: 'failing', error: { code } }])
      expect((await status()).service).toMatchObject({ kind: 'paused', reason: 'failing' })
      // While paused, nothing is sent at all.
      await batch(lookups(60))
      expect(server.hits).toHaveLength(CONCURRENCY + 1)
    }
  )

  it('16 lookups sent together (a location screen) send at most 20 requests', async () => {
    server.setDefault(errorEnvelope(502, 'Bad gateway'))
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        core.handlers.getResidentialPrice({ ...PRICE_QUERY, location: `place-${index}` })
      )
    )
    expect(server.hits.length).toBeLessThanOrEqual(20)
    expect(server.hits).toHaveLength(CONCURRENCY + 1)
    expect(answers.every((answer) => codeOf(answer) === 'SERVER')).toBe(true)
  })
})

describe('a service refusing the quota', () => {
  it.each([
    ['HTTP 402', errorEnvelope(402, 'Payment required')],
    [
      'success:false QUOTA_EXCEEDED',
      json(200, { success: false, error: { code: 'QUOTA_EXCEEDED' } })
    ],
    ['success:false "Quota exceeded"', json(200, { success: false, message: 'Quota exceeded' })]
  ])(
    '%s: stopped after at most as many requests as run at once; "Retry now" sends again',
    async (_name, behaviour) => {
      server.setDefault(behaviour)
      const results = await batch(lookups(60))
      expect(server.hits.length).toBeLessThanOrEqual(CONCURRENCY)
      expect(results.every((result) => codeOf(result) === 'QUOTA')).toBe(true)
      for (const result of results) {
        expect(!result.ok && result.error.message).not.toMatch(/Check the location/)
      }
      expect(states).toMatchObject([{ kind: 'stopped', error: { code: 'QUOTA' } }])
      const sent = server.hits.length
      const later = await core.handlers.getResidentialPrice({ ...PRICE_QUERY })
      expect(notSent(later)).toBe(true)
      expect(server.hits).toHaveLength(sent)

      server.setDefault(envelope(PRICE))
      expect(await core.handlers.resumeService()).toEqual({ ok: true, data: { kind: 'open' } })
      expect((await core.handlers.getResidentialPrice({ ...PRICE_QUERY })).ok).toBe(true)
      expect(server.hits).toHaveLength(sent + 1)
      expect(states.at(-1)).toEqual({ kind: 'open' })
    }
  )

  it('a new key is a fresh start: its own guard, open, with no last error', async () => {
    server.setDefault(errorEnvelope(401, 'Invalid key'))
    expect(codeOf(await core.handlers.getResidentialPrice({ ...PRICE_QUERY }))).toBe('AUTH')
    expect((await status()).service.kind).toBe('stopped')
    server.setDefault(envelope(PRICE))
    expect((await core.handlers.setApiKey({ key: `${KEY}-new`, persistence: 'session' })).ok).toBe(
      true
    )
    expect(states.map((state) => state.kind)).toEqual(['stopped', 'open'])
    const fresh = await status()
    expect(fresh.service).toEqual({ kind: 'open' })
    expect(fresh.lastError).toBeUndefined()
    expect((await core.handlers.getResidentialPrice({ ...PRICE_QUERY })).ok).toBe(true)
    expect(server.hits.at(-1)?.headers['api-key']).toBe(`${KEY}-new`)
  })
})

describe('a service limiting requests', () => {
  it('holds lookups for its Retry-After, tells the window, then goes on by itself', async () => {
    server.queue(json(429, { success: false, message: 'Slow down' }, { 'retry-after': '1' }))
    server.setDefault(echoing(PRICE))
    let during: Promise<unknown> | undefined
    const started = performance.now()
    const answers = await Promise.all(
      [1, 2, 3].map((beds) => {
        const answer = core.handlers.getResidentialPrice({ ...PRICE_QUERY, beds: String(beds) })
        during ??= new Promise((resolve) => setTimeout(resolve, 300)).then(status)
        return answer
      })
    )
    expect(answers.every((answer) => answer.ok)).toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    expect(await during).toMatchObject({ service: { kind: 'holding', reason: 'rate-limited' } })
    // The hold, the hold ended (wait 0) while its call is sent again, then open on the answer.
    expect(states.map((state) => state.kind)).toEqual(['holding', 'holding', 'open'])
    // Three sent together: one answered 429 and was sent again after the second it asked for.
    expect(server.hits).toHaveLength(4)
  })
})

const PRICE_QUERY = {
  location: 'lekki-phase-1',
  countryCode: 'NG',
  type: 'sale',
  beds: '3'
} as const
