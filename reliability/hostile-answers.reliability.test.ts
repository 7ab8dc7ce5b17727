/**
 * Issue 28, measured: what a hostile or broken service answers, each class counted (attempts, held).
 * - response-caps: a 600-item batch of the largest valid answers (each at its operation's cap, every
 *   text field at its limit) keeps main's heap under 300 MB; one byte over the cap is refused.
 * Rows are recorded after their checks.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, expect, it } from 'vitest'
import { MAX_BATCH_ITEMS } from '@shared/contract'
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

const GROUP = 'hostile-answers'
const AREA = 'Hostile answers (issue 28: sizes, discovery time, history order, key encodings)'
const rows: ReliabilityRow[] = []
afterAll(async () => {
  if (rows.length > 0) await recordRows(GROUP, rows)
})

const KEY = 'heap-check-key-7f20'
const HEAP_BOUND_MB = 300
/** Main's heap limit in the child: what the process died under at 80 items. */
const CHILD_HEAP_LIMIT_MB = 400
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)

/** A service answering every price, growth and land lookup with its largest answer of `bytes`. */
async function startSizedService(bytes: number) {
  const answers = {
    '/residential-prices': sizedEnvelope(MAX_PRICE, bytes),
    '/growth': sizedEnvelope(MAX_GROWTH, bytes),
    '/land-prices': sizedEnvelope(MAX_LAND, bytes)
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname as keyof typeof answers
    const body = answers[path]
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
