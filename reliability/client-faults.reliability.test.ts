/**
 * The service client against a fault-injecting service on 127.0.0.1, for each of the 12 faults:
 * a persistent fault must end in the right error code, a one-off fault must be recovered from
 * where the client retries it (and reported where it must not retry), and the client must serve
 * a healthy request right after. Sleeps are instant; timeouts are real (300 ms).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Behaviour, FaultServer } from '../src/main/client/test/fault-server'
import {
  delayed,
  envelope,
  hang,
  htmlPage,
  json,
  reset,
  startFaultServer,
  text
} from '../src/main/client/test/fault-server'
import { makeClient, PRICE } from '../src/main/client/test/helpers'
import type { ReliabilityRow } from './lib/results'
import { recordRows } from './lib/results'

const TRIALS = 5
const TIMEOUTS = { connectMs: 300, headersMs: 300, bodyMs: 300 }
const MAX_ATTEMPTS = 3

const slowDrip: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  const timer = setInterval(() => res.write(' '), 50)
  res.on('close', () => clearInterval(timer))
}

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

const TEN_MB_MESSAGE = 'x'.repeat(10 * 1024 * 1024)
const TEN_MB = JSON.stringify({ success: true, message: TEN_MB_MESSAGE })
const healthy = envelope(PRICE)
const FAULTS: FaultCase[] = [
  // Well past headersMs: undici checks its timeouts on a coarse (about 1 s) tick.
  {
    name: 'delay past timeout',
    behaviour: delayed(2_500, healthy),
    code: 'TIMEOUT',
    retried: false
  },
  { name: 'hang', behaviour: hang(), code: 'TIMEOUT', retried: false },
  { name: 'connection reset', behaviour: reset(), code: 'NETWORK', retried: true },
  // By design only 502/503/504/429 and dropped connections are retried; a 500 is reported at once.
  {
    name: '500',
    behaviour: json(500, { success: false, message: 'boom' }),
    code: 'SERVER',
    retried: false
  },
  {
    name: '503 with Retry-After',
    behaviour: json(503, { success: false, message: 'maintenance' }, { 'retry-after': '1' }),
    code: 'SERVER',
    retried: true,
    retryAfterMs: 1_000
  },
  {
    name: '429',
    behaviour: json(429, { success: false, message: 'slow down' }, { 'retry-after': '1' }),
    code: 'RATE_LIMITED',
    retried: true,
    retryAfterMs: 1_000
  },
  { name: 'HTML error page', behaviour: htmlPage(502), code: 'SERVER', retried: true },
  {
    name: 'malformed JSON',
    behaviour: text(200, '{"success":true,"data":{"price":', 'application/json'),
    code: 'BAD_RESPONSE',
    retried: false
  },
  {
    name: 'wrong envelope',
    behaviour: json(200, { ok: true, result: { price: 'a lot' } }),
    code: 'BAD_RESPONSE',
    retried: false
  },
  {
    name: 'success:false with 200',
    behaviour: json(200, { success: false, message: 'quota exceeded' }),
    code: 'BAD_REQUEST',
    retried: false
  },
  // Streamed (chunked, no length): cut off once past the 8 MiB limit.
  {
    name: '10 MB body',
    behaviour: text(200, TEN_MB, 'application/json'),
    code: 'BAD_RESPONSE',
    retried: false
  },
  // With its length declared: refused before the body is read.
  {
    name: '10 MB body, length declared',
    behaviour: json(200, { success: true, message: TEN_MB_MESSAGE }),
    code: 'BAD_RESPONSE',
    retried: false
  },
  { name: 'slow drip', behaviour: slowDrip, code: 'TIMEOUT', retried: false }
]

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
    let passed = 0
    const note = (label: string) => seen.set(label, (seen.get(label) ?? 0) + 1)
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
        if (code === fault.code && attempts === expectedAttempts && !waits) passed += 1
        else
          problems.push(
            `persistent gave ${code} after ${attempts} attempt(s)${waits ? `, ${waits}` : ''}`
          )

        server.setDefault(healthy)
        server.queue(fault.behaviour)
        const oneOff = await client.getResidentialPrice(INPUT)
        const oneOffCode = oneOff.ok ? 'recovered' : oneOff.error.code
        note(`one-off: ${oneOffCode}`)
        if (oneOffCode === (fault.retried ? 'recovered' : fault.code)) passed += 1
        else problems.push(`one-off gave ${oneOffCode}`)

        const after = await client.getResidentialPrice(INPUT)
        if (!after.ok) problems.push(`healthy request after the fault failed: ${after.error.code}`)
      }
    } finally {
      server.setDefault(healthy)
      await client.close()
    }
    const usable = !problems.some((problem) => problem.startsWith('healthy request'))
    const row: ReliabilityRow = {
      area: 'Client under faults (fault-injecting service on 127.0.0.1)',
      case: fault.name,
      tried: TRIALS * 2,
      passed,
      lost: usable ? 'nothing' : 'the client failed a healthy request after the fault',
      outcome:
        [...seen.entries()].map(([label, count]) => `${label} ×${count}`).join('; ') +
        (problems.length ? `; problems: ${problems.slice(0, 2).join(' | ')}` : '')
    }
    rows.push(row)
    expect(problems).toEqual([])
  })
}
