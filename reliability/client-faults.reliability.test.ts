/**
 * The service client against a fault-injecting service on 127.0.0.1, for each of the 12 faults:
 * a persistent fault must end in the right error code, a one-off fault must be recovered from
 * where the client retries it (and reported where it must not retry), and the client must serve
 * a healthy request right after. Sleeps are instant; timeouts are real (300 ms).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Behaviour, FaultServer } from '../test/support/client/fault-server'
import { envelope, json, startFaultServer } from '../test/support/client/fault-server'
import {
  FAULT_NAMES,
  faultBehaviours,
  TEN_MB_MESSAGE
} from '../test/support/client/fault-catalogue'
import type { FaultName } from '../test/support/client/fault-catalogue'
import { makeClient, PRICE } from '../test/support/client/helpers'
import type { ReliabilityRow } from './lib/results'
import { recordRows } from './lib/results'

const TRIALS = 5
const TIMEOUTS = { connectMs: 300, headersMs: 300, bodyMs: 300 }
const MAX_ATTEMPTS = 3

interface FaultCase {
  name: string
  behaviour: Behaviour
  /** The code a persistent fault must end in. */
  code: string
  /** Whether the client retries it (then a one-off fault is recovered from). */
  retried: boolean
  /** The Retry-After the fault asks for: every wait between attempts must be exactly this. */
  retryAfterMs?: number
}

const healthy = envelope(PRICE)
const behaviours = faultBehaviours({
  // Well past headersMs: undici checks its timeouts on a coarse (about 1 s) tick.
  delayMs: 2_500,
  dripEveryMs: 50,
  healthy
})
/** What each fault must come to when it persists. */
const EXPECTED: Record<FaultName, Omit<FaultCase, 'name' | 'behaviour'>> = {
  'delay past timeout': { code: 'TIMEOUT', retried: false },
  hang: { code: 'TIMEOUT', retried: false },
  'connection reset': { code: 'NETWORK', retried: true },
  // By design only 502/503/504/429 and dropped connections are retried; a 500 is reported at once.
  '500': { code: 'SERVER', retried: false },
  '503 with Retry-After': { code: 'SERVER', retried: true, retryAfterMs: 1_000 },
  '429': { code: 'RATE_LIMITED', retried: true, retryAfterMs: 1_000 },
  'HTML error page': { code: 'SERVER', retried: true },
  'malformed JSON': { code: 'BAD_RESPONSE', retried: false },
  'wrong envelope': { code: 'BAD_RESPONSE', retried: false },
  'success:false with 200': { code: 'BAD_REQUEST', retried: false },
  // Streamed (chunked, no length): cut off once past the 8 MiB limit.
  '10 MB body': { code: 'BAD_RESPONSE', retried: false },
  'slow drip': { code: 'TIMEOUT', retried: false }
}
const FAULTS: FaultCase[] = FAULT_NAMES.map((name) => ({
  name,
  behaviour: behaviours[name],
  ...EXPECTED[name]
}))
// With its length declared: refused before the body is read.
FAULTS.splice(FAULT_NAMES.indexOf('10 MB body') + 1, 0, {
  name: '10 MB body, length declared',
  behaviour: json(200, { success: true, message: TEN_MB_MESSAGE }),
  code: 'BAD_RESPONSE',
  retried: false
})

/** A fault that names a Retry-After must be waited out exactly, before each retry. */
function waitProblem(fault: FaultCase, sleeps: readonly number[]): string | undefined {
  if (fault.retryAfterMs === undefined) return undefined
  const right =
    sleeps.length === MAX_ATTEMPTS - 1 && sleeps.every((ms) => ms === fault.retryAfterMs)
  return right ? undefined : `waits of [${sleeps.join(', ')}] ms, not the Retry-After`
}

let server: FaultServer
const rows: ReliabilityRow[] = []

beforeAll(async () => {
  server = await startFaultServer()
})
afterAll(async () => {
  await server.close()
  await recordRows('client-faults', rows)
})

const INPUT = { location: 'lekki-phase-1', countryCode: 'NG', type: 'sale', beds: '3' } as const

for (const fault of FAULTS) {
  it(`${fault.name}: persistent → ${fault.code}; one-off → ${fault.retried ? 'recovered' : fault.code}; usable after`, async () => {
    const { client, sleeps } = makeClient(`${server.origin}/api`, {
      timeouts: TIMEOUTS,
      retry: { maxAttempts: MAX_ATTEMPTS, baseDelayMs: 10, maxDelayMs: 50, maxTotalWaitMs: 5_000 }
    })
    const seen = new Map<string, number>()
    const problems: string[] = []
    const counts = { tried: 0, served: 0, rejected: 0 }
    const note = (label: string) => seen.set(label, (seen.get(label) ?? 0) + 1)
    /** One case tried: served or rejected as it had to be, or a problem. */
    const count = (ok: boolean, expected: 'served' | 'rejected', problem: string): void => {
      counts.tried += 1
      if (ok) counts[expected] += 1
      else problems.push(problem)
    }
    try {
      for (let trial = 0; trial < TRIALS; trial += 1) {
        server.setDefault(fault.behaviour)
        sleeps.length = 0
        const before = server.hits.length
        const persistent = await client.getResidentialPrice(INPUT)
        const attempts = server.hits.length - before
        const code = persistent.ok ? 'ok' : persistent.error.code
        note(`persistent: ${code} after ${attempts} attempt(s)`)
        const expectedAttempts = fault.retried ? MAX_ATTEMPTS : 1
        const waits = waitProblem(fault, sleeps)
        if (fault.retryAfterMs !== undefined && !waits) {
          note(`waited the Retry-After (${fault.retryAfterMs} ms) between attempts`)
        }
        count(
          code === fault.code && attempts === expectedAttempts && !waits,
          'rejected',
          `persistent gave ${code} after ${attempts} attempt(s)${waits ? `, ${waits}` : ''}`
        )

        server.setDefault(healthy)
        server.queue(fault.behaviour)
        const oneOff = await client.getResidentialPrice(INPUT)
        const oneOffCode = oneOff.ok ? 'recovered' : oneOff.error.code
        note(`one-off: ${oneOffCode}`)
        count(
          oneOffCode === (fault.retried ? 'recovered' : fault.code),
          fault.retried ? 'served' : 'rejected',
          `one-off gave ${oneOffCode}`
        )

        const after = await client.getResidentialPrice(INPUT)
        count(
          after.ok,
          'served',
          `healthy request after the fault failed: ${after.ok ? 'ok' : after.error.code}`
        )
      }
    } finally {
      server.setDefault(healthy)
      await client.close()
    }
    const usable = !problems.some((problem) => problem.startsWith('healthy request'))
    const row: ReliabilityRow = {
      id: fault.name,
      area: 'Client under faults (fault-injecting service on 127.0.0.1)',
      case: fault.name,
      tried: counts.tried,
      passed: counts.served + counts.rejected,
      split: { served: counts.served, rejected: counts.rejected },
      lost: usable ? 'nothing' : 'the client failed a healthy request after the fault',
      outcome:
        [...seen.entries()].map(([label, count]) => `${label} ×${count}`).join('; ') +
        `; healthy request right after served ×${TRIALS - problems.filter((p) => p.startsWith('healthy')).length}` +
        (problems.length ? `; problems: ${problems.slice(0, 2).join(' | ')}` : '')
    }
    rows.push(row)
    expect(problems).toEqual([])
  })
}
