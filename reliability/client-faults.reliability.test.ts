/**
 * The service client, through its quota guard, against a fault-injecting service on 127.0.0.1, for
 * each of the 12 faults: a persistent fault must end in the right error code after exactly the
 * requests the guard's rules allow (and leave the guard paused, holding or stopped as they say), a
 * one-off fault must be recovered from where the guard sends the request again (and reported where
 * it must not), and after the user's "Retry now" the client must serve a healthy request. Waits
 * are instant (and recorded); timeouts are real (300 ms).
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
import type { ServiceState } from '@shared/contract'
import type { ReliabilityRow } from './lib/results'
import { recordRows } from './lib/results'

const TRIALS = 5
const TIMEOUTS = { connectMs: 300, headersMs: 300, bodyMs: 300 }

interface FaultCase {
  name: string
  behaviour: Behaviour
  /** The code a persistent fault must end in. */
  code: string
  /** Whether the guard sends the request again (then a one-off fault is recovered from). */
  retried: boolean
  /** Requests one call of a persistent fault costs. */
  requests: number
  /** What the guard does after a persistent fault. */
  guard: ServiceState['kind']
  /** Every wait between the requests, when the fault names a Retry-After. */
  waits?: number[]
}

const healthy = envelope(PRICE)
const behaviours = faultBehaviours({
  // Well past headersMs: undici checks its timeouts on a coarse (about 1 s) tick.
  delayMs: 2_500,
  dripEveryMs: 50,
  healthy
})
/** A failing service: sent once more, then sending pauses. */
const FAILING = { retried: true, requests: 2, guard: 'paused' } as const
/** An answer about this request only: never sent again, nothing held. */
const DEFINITIVE = { code: 'BAD_RESPONSE', retried: false, requests: 1, guard: 'open' } as const

/** What each fault must come to when it persists (the rule table in docs/architecture.md). */
const EXPECTED: Record<FaultName, Omit<FaultCase, 'name' | 'behaviour'>> = {
  'delay past timeout': { code: 'TIMEOUT', ...FAILING },
  hang: { code: 'TIMEOUT', ...FAILING },
  'connection reset': { code: 'NETWORK', ...FAILING },
  '500': { code: 'SERVER', ...FAILING },
  // Its Retry-After (1 s) is waited before the request goes again.
  '503 with Retry-After': { code: 'SERVER', ...FAILING, waits: [1_000] },
  // Held 1 s (the Retry-After), then 2 s (the second strike's backoff); held 4 s after the third.
  '429': {
    code: 'RATE_LIMITED',
    retried: true,
    requests: 3,
    guard: 'holding',
    waits: [1_000, 2_000]
  },
  'HTML error page': { code: 'SERVER', ...FAILING },
  'malformed JSON': DEFINITIVE,
  'wrong envelope': DEFINITIVE,
  // "Quota exceeded for this plan": the quota is used up, so sending stops.
  'success:false with 200': { code: 'QUOTA', retried: false, requests: 1, guard: 'stopped' },
  // Streamed (chunked, no length): cut off once past the price answer's 64 KiB cap.
  '10 MB body': DEFINITIVE,
  'slow drip': { code: 'TIMEOUT', ...FAILING }
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
  ...DEFINITIVE
})

/** A fault that names a Retry-After must be waited out as the rules say, before each request. */
function waitProblem(fault: FaultCase, sleeps: readonly number[]): string | undefined {
  if (fault.waits === undefined) return undefined
  const right = sleeps.join() === fault.waits.join()
  return right ? undefined : `waits of [${sleeps.join(', ')}] ms, not [${fault.waits.join(', ')}]`
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
  it(`${fault.name}: persistent → ${fault.code} in ${fault.requests} request(s), guard ${fault.guard}; one-off → ${fault.retried ? 'recovered' : fault.code}; usable after`, async () => {
    const { client, sleeps, guard } = makeClient(`${server.origin}/api`, { timeouts: TIMEOUTS })
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
        // The user's "Retry now": each trial starts with the guard open.
        guard.resume()
        server.setDefault(fault.behaviour)
        sleeps.length = 0
        const before = server.hits.length
        const persistent = await client.getResidentialPrice(INPUT)
        const requests = server.hits.length - before
        const code = persistent.ok ? 'ok' : persistent.error.code
        const after = guard.state().kind
        note(`persistent: ${code} after ${requests} request(s), guard ${after}`)
        const waits = waitProblem(fault, sleeps)
        if (fault.waits !== undefined && !waits) {
          note(`waited [${fault.waits.join(', ')}] ms between requests`)
        }
        count(
          code === fault.code && requests === fault.requests && after === fault.guard && !waits,
          'rejected',
          `persistent gave ${code} after ${requests} request(s), guard ${after}${waits ? `, ${waits}` : ''}`
        )

        guard.resume()
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

        guard.resume()
        const healthyAfter = await client.getResidentialPrice(INPUT)
        count(
          healthyAfter.ok,
          'served',
          `healthy request after the fault failed: ${healthyAfter.ok ? 'ok' : healthyAfter.error.code}`
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
        `; healthy request after "Retry now" served ×${TRIALS - problems.filter((p) => p.startsWith('healthy')).length}` +
        (problems.length ? `; problems: ${problems.slice(0, 2).join(' | ')}` : '')
    }
    rows.push(row)
    expect(problems).toEqual([])
  })
}
