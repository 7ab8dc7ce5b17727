/**
 * 10,000 random payloads per IPC operation through the real dispatcher and handlers (embedded
 * service behind them): every reply is a Result that survives structured clone, none throws or
 * hangs, no payload pollutes Object.prototype, the key set by a payload never comes back in a reply
 * or a log line, and afterwards the settings file is valid and the app still answers.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { createAppCore } from '../src/main/core'
import type { AppCore } from '../src/main/core'
import { createDispatcher } from '../src/main/ipc/registry'
import type { Dispatch } from '../src/main/ipc/registry'
import { createMemoryVault } from '../src/main/vault'
import { OPERATIONS } from '@shared/channels'
import type { Operation } from '@shared/channels'
import { AppErrorSchema } from '@shared/result'
import { SettingsSchema } from '@shared/settings'
import { recordRows } from './lib/results'
import type { ReliabilityRow } from './lib/results'
import { payloadsFor, VALID_INPUTS } from './support/ipc-payloads'

const RUNS = Number(process.env['RELIABILITY_IPC_RUNS'] ?? 10_000)
const SEED = Number(process.env['RELIABILITY_SEED'] ?? Date.now() % 2 ** 31)
const CALL_TIMEOUT_MS = 20_000
const FUZZ_KEY = 'fuzz-key-0001'

const ResultSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }).passthrough(),
  z.object({ ok: z.literal(false), error: AppErrorSchema })
])

let directory: string
let core: AppCore
let dispatch: Dispatch<null>
const logLines: string[] = []
const rows: ReliabilityRow[] = []

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'market-ipc-fuzz-'))
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    logLines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`)
  }
  const logger = { info: log('info'), warn: log('warn'), error: log('error') }
  core = createAppCore({ userDataDir: directory, vault: createMemoryVault(), logger })
  dispatch = createDispatcher(core.handlers, { isTrustedSender: () => true, logger })
})

afterAll(async () => {
  await core.dispose()
  rmSync(directory, { recursive: true, force: true })
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

function problemWith(outcome: Outcome): { code: string; problem?: string } {
  if (outcome.kind === 'hung') return { code: 'hung', problem: `no reply in ${CALL_TIMEOUT_MS} ms` }
  if (outcome.kind === 'threw') return { code: 'threw', problem: String(outcome.error) }
  const parsed = ResultSchema.safeParse(outcome.reply)
  if (!parsed.success) return { code: 'not a Result', problem: parsed.error.message.slice(0, 200) }
  const code = parsed.data.ok ? 'ok' : parsed.data.error.code
  try {
    structuredClone(outcome.reply)
  } catch {
    return { code, problem: 'reply cannot cross IPC (structured clone failed)' }
  }
  if (JSON.stringify(outcome.reply).includes(FUZZ_KEY)) return { code, problem: 'key in reply' }
  return { code }
}

/** What must still hold after an operation was fuzzed: "nothing lost" is checked here. */
async function stateProblems(): Promise<string[]> {
  const problems: string[] = []
  const file = JSON.parse(readFileSync(join(directory, 'settings.json'), 'utf8')) as {
    settings?: unknown
  }
  if (!SettingsSchema.safeParse(file.settings).success) problems.push('settings file invalid')
  await dispatch('updateSettings', null, { connectionMode: 'demo', offlineMode: false })
  const locations = await dispatch('listLocations', null, { sector: 'residential' })
  if (!locations.ok) problems.push(`app no longer answers: ${locations.error.code}`)
  if (logLines.some((line) => line.includes(FUZZ_KEY))) problems.push('key in a log line')
  return problems
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort()

for (const operation of OPERATIONS) {
  it(`${operation}: ${RUNS.toLocaleString('en-US')} random payloads, each answered with a Result`, async () => {
    const codes = new Map<string, number>()
    const failures: string[] = []
    let passed = 0
    const started = performance.now()
    const payloads = [
      ...VALID_INPUTS[operation],
      ...fc.sample(payloadsFor(operation), { numRuns: RUNS, seed: SEED })
    ].slice(0, RUNS)
    for (const input of payloads) {
      const { code, problem } = problemWith(await call(operation, input))
      codes.set(code, (codes.get(code) ?? 0) + 1)
      if (problem === undefined) passed += 1
      else if (failures.length < 3) failures.push(`${code}: ${problem}`)
    }
    const seconds = (performance.now() - started) / 1000
    const lost = await stateProblems()
    if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeNames.join()) {
      lost.push('Object.prototype was changed')
    }
    const row: ReliabilityRow = {
      area: 'IPC fuzz (fast-check, real dispatcher and handlers)',
      case: operation,
      tried: payloads.length,
      passed,
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
