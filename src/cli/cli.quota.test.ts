/**
 * The CLI's compare against a service that fails or refuses the quota: the requests it sends are
 * counted at the service (a fault-injecting one on 127.0.0.1), and the exit code says why.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  errorEnvelope,
  json,
  reset,
  startFaultServer
} from '../../test/support/client/fault-server'
import type { Behaviour, FaultServer } from '../../test/support/client/fault-server'
import { EXIT_CODES } from './exit-codes'
import { runCliCaptured } from '../../test/support/cli/run-cli'

const KEY = 'sk-cli-quota-key-5d1c0e'
/** 10 locations × 2 beds × rent and sale × price and growth. */
const LOOKUPS = 10 * 2 * 2 * 2
const CONCURRENCY = 6

let server: FaultServer
beforeEach(async () => {
  server = await startFaultServer()
})
afterEach(async () => {
  await server.close()
})

function compare() {
  const locations = Array.from({ length: 10 }, (_, index) => `place-${index}`).join(',')
  return runCliCaptured(
    ['compare', '--locations', locations, '--beds', '2,3', '--json'].concat([
      '--base-url',
      server.origin,
      '--layout',
      'spec'
    ]),
    { MARKET_API_KEY: KEY }
  )
}

describe('compare against a failing service', () => {
  it.each([
    ['503 for ever', json(503, { success: false, message: 'Maintenance' }), 'SERVER'],
    ['a reset of every connection', reset(), 'NETWORK']
  ] as const)(
    '%s: at most N + 10 requests for N lookups, then it stops sending',
    async (_name, behaviour: Behaviour, code) => {
      server.setDefault(behaviour)
      const run = await compare()
      expect(server.hits.length).toBeLessThanOrEqual(LOOKUPS + 10)
      // The requests in flight together, and one of them once more; the rest were not sent.
      expect(server.hits).toHaveLength(CONCURRENCY + 1)
      expect(run.code).toBe(EXIT_CODES[code])
      // The lookups in flight failed; the others were not sent, and the summary says so.
      expect(run.stderr.trim().split('\n').at(-1)).toMatch(
        new RegExp(
          `^error \\[${code}\\]: ${CONCURRENCY} of ${LOOKUPS} lookups failed and ${LOOKUPS - CONCURRENCY} were not sent;`
        )
      )
    }
  )
})

describe('compare against a service refusing the quota', () => {
  it.each([
    ['HTTP 402', errorEnvelope(402, 'Payment required')],
    [
      'success:false QUOTA_EXCEEDED',
      json(200, { success: false, error: { code: 'QUOTA_EXCEEDED' } })
    ]
  ])(
    '%s: stops after at most as many requests as run at once, exit QUOTA',
    async (_name, behaviour) => {
      server.setDefault(behaviour)
      const run = await compare()
      expect(server.hits.length).toBeLessThanOrEqual(CONCURRENCY)
      expect(run.code).toBe(EXIT_CODES.QUOTA)
      expect(run.stderr).toMatch(/quota of this API key is used up/)
      expect(run.stderr).toMatch(
        new RegExp(`\\d+ of ${LOOKUPS} lookups failed and \\d+ were not sent`)
      )
      expect(run.stderr).toMatch(/set another key in MARKET_API_KEY/)
      expect(run.stderr).not.toMatch(/Check the location/)
    }
  )
})

describe('compare against a service asking it to slow down', () => {
  it('says it is waiting, and how long, while the hold lasts; then goes on', async () => {
    server.queue(json(429, { success: false, message: 'Slow down' }, { 'retry-after': '1' }))
    server.setDefault(errorEnvelope(404, 'No data for this lookup', 'NOT_FOUND'))
    const run = await compare()
    expect(run.stderr).toMatch(
      /^note: the service asked to slow down; waiting 1 s \(Ctrl-C stops\)$/m
    )
    expect(run.stderr.match(/asked to slow down/g)).toHaveLength(1)
    expect(server.hits.length).toBeLessThanOrEqual(LOOKUPS + 10)
  })
})
