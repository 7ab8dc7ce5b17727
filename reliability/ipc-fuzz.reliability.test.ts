/**
 * 10,000 random payloads per IPC operation through the real dispatcher and handlers (embedded
 * service behind them): every reply is a Result that survives structured clone, none throws or
 * hangs, no payload pollutes Object.prototype, the key set by a payload never comes back in a reply
 * or a log line, and afterwards the settings file is valid and the app still answers. Each payload
 * counts by what it had to come to: garbage (what the operation's contract refuses, and every
 * payload built with a key no input has) rejected as INVALID_INPUT; the operation's valid inputs
 * and whatever else the contract accepts served: `ok`, or an answer such as NOT_FOUND (or NETWORK
 * for a connection test against a closed port), never INVALID_INPUT or INTERNAL.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { createDispatcher } from '../src/main/ipc/registry'
import { OPERATION_NAMES, OPERATIONS } from '@shared/operations'
import type { Operation } from '@shared/operations'
import { AppErrorSchema } from '@shared/result'
import { SettingsSchema } from '@shared/settings'
import { temporaryAppCore } from '../test/support/app-core/temporary-app-core'
import type { TemporaryAppCore } from '../test/support/app-core/temporary-app-core'
import { capturingLogger } from '../test/support/logging/capturing-logger'
import type { LogLine } from '../test/support/logging/capturing-logger'
import { recordRows } from './lib/results'
import type { ReliabilityRow } from './lib/results'
import { payloadsFor, VALID_INPUTS } from './support/ipc-payloads'
import type { FuzzPayload } from './support/ipc-payloads'

const RUNS = Number(process.env['RELIABILITY_IPC_RUNS'] ?? 10_000)
const SEED = Number(process.env['RELIABILITY_SEED'] ?? Date.now() % 2 ** 31)
const CALL_TIMEOUT_MS = 20_000
const FUZZ_KEY = 'fuzz-key-0001'

const ResultSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }).passthrough(),
  z.object({ ok: z.literal(false), error: AppErrorSchema })
])

let core: TemporaryAppCore
let dispatch: ReturnType<typeof createDispatcher<null>>
const logLines: LogLine[] = []
const rows: ReliabilityRow[] = []

beforeAll(() => {
  const logger = capturingLogger(logLines)
  core = temporaryAppCore({ logger })
  dispatch = createDispatcher(core.handlers, { isTrustedSender: () => true, logger })
})

afterAll(async () => {
  await core.cleanup()
  await recordRows('ipc-fuzz', rows)
})

type Outcome =
  { kind: 'reply'; reply: unknown } | { kind: 'threw'; error: unknown } | { kind: 'hung' }

async function call(operation: Operation, input: unknown): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined
  const hung = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hung' }), CALL_TIMEOUT_MS)
  })
  const answered = dispatch(operation, null, input).then(
    (reply): Outcome => ({ kind: 'reply', reply }),
    (error: unknown): Outcome => ({ kind: 'threw', error })
  )
  const outcome = await Promise.race([answered, hung])
  clearTimeout(timer)
  return outcome
}

interface Verdict {
  code: string
  /** What the reply had to be; undefined when it was not a Result at all. */
  expected?: 'served' | 'rejected'
  problem?: string
}

/** Whether the operation's contract accepts the payload (the dispatcher refuses what it does not). */
const contractAccepts = (operation: Operation, input: unknown): boolean =>
  OPERATIONS[operation].input.safeParse(input).success

function verdictOn(operation: Operation, payload: FuzzPayload, outcome: Outcome): Verdict {
  if (outcome.kind === 'hung') return { code: 'hung', problem: `no reply in ${CALL_TIMEOUT_MS} ms` }
  if (outcome.kind === 'threw') return { code: 'threw', problem: String(outcome.error) }
  const parsed = ResultSchema.safeParse(outcome.reply)
  if (!parsed.success) return { code: 'not a Result', problem: parsed.error.message.slice(0, 200) }
  const code = parsed.data.ok ? 'ok' : parsed.data.error.code
  const accepted = contractAccepts(operation, payload.input)
  const expected =
    payload.built === 'valid' || (payload.built === 'unknown' && accepted) ? 'served' : 'rejected'
  const verdict = (problem?: string): Verdict =>
    problem === undefined ? { code, expected } : { code, expected, problem }
  try {
    structuredClone(outcome.reply)
  } catch {
    return verdict('reply cannot cross IPC (structured clone failed)')
  }
  if (JSON.stringify(outcome.reply).includes(FUZZ_KEY)) return verdict('key in reply')
  if (payload.built === 'garbage' && accepted) return verdict('the contract accepts garbage')
  if (expected === 'rejected' && code !== 'INVALID_INPUT') return verdict(`garbage got ${code}`)
  if (expected === 'served' && (code === 'INVALID_INPUT' || code === 'INTERNAL')) {
    return verdict(
      `${payload.built === 'valid' ? 'a valid input' : 'an input the contract accepts'} got ${code}`
    )
  }
  return verdict()
}

/** What must still hold after an operation was fuzzed: "nothing lost" is checked here. */
async function stateProblems(): Promise<string[]> {
  const problems: string[] = []
  const file = JSON.parse(readFileSync(join(core.dir, 'settings.json'), 'utf8')) as {
    settings?: unknown
  }
  if (!SettingsSchema.safeParse(file.settings).success) problems.push('settings file invalid')
  await dispatch('updateSettings', null, { connectionMode: 'demo', offlineMode: false })
  const locations = await dispatch('listLocations', null, { sector: 'residential' })
  if (!locations.ok) problems.push(`app no longer answers: ${locations.error.code}`)
  if (logLines.some((line) => JSON.stringify(line).includes(FUZZ_KEY)))
    problems.push('key in a log line')
  return problems
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort()

for (const operation of OPERATION_NAMES) {
  it(`${operation}: ${RUNS.toLocaleString('en-US')} random payloads, each answered with a Result`, async () => {
    const codes = new Map<string, number>()
    const failures: string[] = []
    const counts = { served: 0, rejected: 0 }
    const started = performance.now()
    const payloads: FuzzPayload[] = [
      ...VALID_INPUTS[operation].map((input) => ({ input, built: 'valid' as const })),
      ...fc.sample(payloadsFor(operation), { numRuns: RUNS, seed: SEED })
    ].slice(0, RUNS)
    for (const payload of payloads) {
      const { code, expected, problem } = verdictOn(
        operation,
        payload,
        await call(operation, payload.input)
      )
      const label = `${expected ?? 'neither'}: ${code}`
      codes.set(label, (codes.get(label) ?? 0) + 1)
      if (problem === undefined && expected) counts[expected] += 1
      else if (failures.length < 3) failures.push(`${code}: ${problem}`)
    }
    const seconds = (performance.now() - started) / 1000
    const lost = await stateProblems()
    if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeNames.join()) {
      lost.push('Object.prototype was changed')
    }
    const passed = counts.served + counts.rejected
    const row: ReliabilityRow = {
      id: operation,
      area: 'IPC fuzz (fast-check, real dispatcher and handlers)',
      case: operation,
      tried: payloads.length,
      passed,
      split: counts,
      lost: lost.length ? lost.join('; ') : 'nothing',
      outcome: `${[...codes.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([code, count]) => `${code} ×${count}`)
        .join(
          ', '
        )}${failures.length ? `; failures: ${failures.join(' | ')}` : ''}; ${seconds.toFixed(1)} s; seed ${SEED}`
    }
    rows.push(row)
    expect(row).toMatchObject({ tried: RUNS, passed: RUNS, lost: 'nothing' })
  })
}
