/**
 * Issue 28, measured: what a hostile or broken service answers, each class counted (attempts, held).
 * - response-caps: a 600-item batch of the largest valid answers (each at its operation's cap, every
 *   text field at its limit) keeps main's heap under 300 MB; one byte over the cap is refused.
 * - key-encodings: the key echoed in every form the client recognises (issue 28 adds hex, base32,
 *   reversed, halves, fullwidth, invisible joiners, double percent-encoding), in a data field, a
 *   service message and a service code, through single lookups (IPC replies) and a batch (its
 *   progress events): data refused, text redacted, no form anywhere.
 * Rows are recorded after their checks.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type { LookupRequest } from '@shared/contract'
import type { Result } from '@shared/result'
import { startFaultServer } from '../test/support/client/fault-server'
import {
  ECHO_KEYS,
  ECHO_PLACES,
  echoingService,
  echoLocation,
  encodedForms,
  encodingsFor
} from '../test/support/client/key-encodings'
import { makeTestCore } from '../test/support/app-core/temporary-app-core'
import {
  FIGURE_CAP_BYTES,
  MAX_GROWTH,
  MAX_LAND,
  MAX_PRICE,
  sizedEnvelope
} from '../test/support/client/sized-answers'
import type { ReliabilityRow } from './lib/results'
import { recordRows, rowFromChecks } from './lib/results'
import type { BatchHeapReport } from './support/batch-heap-child'
import { apiKey } from './support/hardening-cases'

const GROUP = 'hostile-answers'
const AREA = 'Hostile answers (issue 28: answer sizes, echoed keys)'
const rows: ReliabilityRow[] = []
afterAll(async () => {
  if (rows.length > 0) await recordRows(GROUP, rows)
})

const KEY = 'heap-check-key-7f20'
const HEAP_BOUND_MB = 300
/** Main's heap limit in the child: what the issue's process died under at 80 items. */
const CHILD_HEAP_LIMIT_MB = 400
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)

/** `data` with the location, country and beds of the request it answers (spec 2.4). */
function echoed(data: Record<string, unknown>, asked: URLSearchParams) {
  const fields = ['location', 'country_code', 'beds'].filter((field) => field in data)
  return { ...data, ...Object.fromEntries(fields.map((field) => [field, asked.get(field)])) }
}

/** A service answering every price, growth and land lookup with its largest answer of `bytes`. */
async function startSizedService(bytes: number) {
  const answers = {
    '/residential-prices': MAX_PRICE,
    '/growth': MAX_GROWTH,
    '/land-prices': MAX_LAND
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    const data = answers[url.pathname as keyof typeof answers] as
      Record<string, unknown> | undefined
    const body = data && sizedEnvelope(echoed(data, url.searchParams), bytes)
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
    response.end(body ?? '{"message":"no such route"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** Runs main's 600-item batch in a child against answers of `bytes`; at most `limitMs`. */
async function batchInChild(bytes: number, limitMs: number): Promise<BatchHeapReport> {
  const service = await startSizedService(bytes)
  const child = fork('reliability/support/batch-heap-child.ts', [], {
    execArgv: [`--max-old-space-size=${CHILD_HEAP_LIMIT_MB}`, '--expose-gc', '--import', 'tsx'],
    env: { ...process.env, BATCH_HEAP_URL: service.baseUrl, BATCH_HEAP_KEY: KEY },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs)
  try {
    const report = once(child, 'message') as Promise<[BatchHeapReport]>
    const exited = once(child, 'exit').then(([code, signal]) => {
      throw new Error(`main's child ended (${String(code)}, ${String(signal)}) before its report`)
    })
    const [message] = await Promise.race([report, exited])
    return message
  } finally {
    clearTimeout(timer)
    child.kill()
    await service.close()
  }
}

it('response-caps: a 600-item batch of the largest valid answers keeps main under 300 MB', async () => {
  const failed: string[] = []
  const atCap = await batchInChild(FIGURE_CAP_BYTES, 90_000)
  const over = await batchInChild(FIGURE_CAP_BYTES + 1, 90_000)
  if (atCap.outcomes['ok'] !== MAX_BATCH_ITEMS) {
    failed.push(`at the cap: ${JSON.stringify(atCap.outcomes)}, not ${MAX_BATCH_ITEMS} served`)
  }
  if (over.outcomes['BAD_RESPONSE'] !== MAX_BATCH_ITEMS) {
    failed.push(`one byte over: ${JSON.stringify(over.outcomes)}, not all refused`)
  }
  for (const [name, run] of [
    ['at the cap', atCap],
    ['one byte over', over]
  ] as const) {
    if (run.peakHeapUsed >= HEAP_BOUND_MB * 1024 * 1024) {
      failed.push(`${name}: heap peaked at ${mb(run.peakHeapUsed)} MB`)
    }
  }
  const row = rowFromChecks(
    {
      id: 'response-caps',
      area: AREA,
      case: `a ${MAX_BATCH_ITEMS}-item batch (price, growth, land) whose every answer is the largest valid one (${FIGURE_CAP_BYTES} bytes: each text field at its limit, every character \\u-escaped, padded with an extra field), then the same at one byte more; main in its own process (heap limit ${CHILD_HEAP_LIMIT_MB} MB), progress events serialised as IPC would`,
      tried: MAX_BATCH_ITEMS * 2 + 2,
      passed:
        (atCap.outcomes['ok'] ?? 0) +
        (over.outcomes['BAD_RESPONSE'] ?? 0) +
        [atCap, over].filter((run) => run.peakHeapUsed < HEAP_BOUND_MB * 1024 * 1024).length,
      split: {
        served: (atCap.outcomes['ok'] ?? 0) + 2,
        rejected: over.outcomes['BAD_RESPONSE'] ?? 0
      },
      outcome: `at the cap: ${atCap.outcomes['ok'] ?? 0} served in ${(atCap.ms / 1000).toFixed(1)} s, main's heap ${mb(atCap.baselineHeapUsed)} → peak ${mb(atCap.peakHeapUsed)} MB (rss peak ${mb(atCap.peakRss)} MB, ${atCap.samples} samples), ${atCap.events} progress events of ${mb(atCap.eventBytes)} MB in all; one byte over: ${over.outcomes['BAD_RESPONSE'] ?? 0} BAD_RESPONSE, heap peak ${mb(over.peakHeapUsed)} MB (bound ${HEAP_BOUND_MB} MB)`
    },
    failed
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
}, 200_000)

it('key-encodings: an echoed key in any recognised form never reaches an IPC reply or a progress event', async () => {
  const seed = Number(process.env['RELIABILITY_SEED'] ?? Date.now() % 2 ** 31)
  const keys = [...ECHO_KEYS, ...fc.sample(apiKey, { numRuns: 3, seed })]
  const server = await startFaultServer()
  const failed: string[] = []
  let tried = 0
  const split = { served: 0, rejected: 0 }
  /** An echo must come back refused (data) or redacted (text), with no form of the key in it. */
  const check = (key: string, place: number, result: Result<unknown>, where: string) => {
    tried += 1
    const shown = JSON.stringify(result).toLowerCase()
    const leaked = encodedForms(key)
      .flatMap((form) => [form, JSON.stringify(form).slice(1, -1)])
      .find((form) => shown.includes(form.toLowerCase()))
    const refused =
      !result.ok && (ECHO_PLACES[place] !== 'data' || result.error.code === 'BAD_RESPONSE')
    if (refused && leaked === undefined) split.rejected += 1
    else if (failed.length < 3)
      failed.push(`${where}: ${leaked ? `leaked ${leaked}` : shown.slice(0, 120)}`)
  }
  try {
    for (const key of keys) {
      const encodings = encodingsFor(key)
      server.setDefault(echoingService(key, encodings))
      const core = makeTestCore()
      try {
        await core.handlers.setApiKey({ key, persistence: 'session' })
        await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: server.origin })
        const items: LookupRequest[] = []
        for (const [encoding, name] of encodings.entries()) {
          for (const place of ECHO_PLACES.keys()) {
            const where = { location: echoLocation(encoding, place), countryCode: 'NG' }
            items.push({ kind: 'landPrice', ...where })
            const reply = await core.handlers.getLandPrice(where)
            check(key, place, reply, `${name} in ${ECHO_PLACES[place]}, reply`)
          }
        }
        await core.handlers.batchLookup({ batchId: 'echo', items })
        for (const { index, result } of core.progress.flatMap((event) => event.items ?? [])) {
          const name = encodings[Math.floor(index / ECHO_PLACES.length)]
          const place = index % ECHO_PLACES.length
          check(key, place, result, `${name} in ${ECHO_PLACES[place]}, progress event`)
        }
      } finally {
        await core.cleanup()
      }
    }
  } finally {
    await server.close()
  }
  const forms = encodingsFor(ECHO_KEYS[0]).length
  const row = rowFromChecks(
    {
      id: 'key-encodings',
      area: AREA,
      case: `${keys.length} keys (2 fixed, 3 random of 10-66 characters, seed ${seed}) × up to ${forms} forms (raw, case, base64, HTML, percent, JSON; hex, base32, reversed, split in two halves, fullwidth, zero-width and soft-hyphen joiners, double percent-encoded) × a data field, a 400's message and a refusal's code, through single lookups and one batch per key`,
      tried,
      passed: split.rejected,
      split,
      outcome: `every echo in data refused as BAD_RESPONSE, every echo in a message or code redacted; no form of the key in any IPC reply or progress event (${tried} answers checked)`
    },
    failed
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
}, 120_000)
