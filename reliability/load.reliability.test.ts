/**
 * Load and soak: 100,000 requests at 50 connections to the embedded service (in its own process)
 * over every valid URL of the bundled dataset, after a 10,000-request warm-up. Every answer must be
 * the success envelope holding the dataset's figure for its URL, with no transport error or
 * timeout; heap growth after warm-up is reported and bounded. The row is recorded after every
 * check, failing with what did not hold.
 */
import autocannon from 'autocannon'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { recordRows, rowFromChecks } from './lib/results'
import { startForkedService } from './support/forked-service'
import type { ForkedService } from './support/forked-service'
import { everyValidCase } from './support/load-answers'
import type { LoadCase } from './support/load-answers'

const KEY = 'load-key-3c81'
const TOTAL = Number(process.env['RELIABILITY_LOAD_REQUESTS'] ?? 100_000)
const ROUNDS = 5
const WARM_UP = 10_000
const CONNECTIONS = 50
/** The answer cache is bounded and the dataset fixed: steady state should not grow much. */
const HEAP_GROWTH_BOUND_MB = 32

let service: ForkedService

beforeAll(async () => {
  service = await startForkedService({ key: KEY })
})

afterAll(() => service.stop())

const memory = async (): Promise<NodeJS.MemoryUsage> => (await service.memory()).usage

interface LoadRun {
  /** Requests that got an answer or failed in transport. */
  tried: number
  /** Answers that were the expected envelope and figure. */
  served: number
  errors: number
  timeouts: number
  /** Distinct URLs answered. */
  reached: number
  problems: string[]
  perSecond: number
}

/**
 * Next case for whichever connection asks: autocannon starts every connection at the first request
 * of a list, so a list of URLs would only ever reach its first amount/connections entries.
 */
let cursor = 0
const nextCase = (cases: readonly LoadCase[]): LoadCase => {
  const item = cases[cursor % cases.length] as LoadCase
  cursor += 1
  return item
}
/** The case a connection's request in flight was built for. */
const inFlight = new WeakMap<object, LoadCase>()

async function load(amount: number, cases: readonly LoadCase[]): Promise<LoadRun> {
  let answered = 0
  let served = 0
  const reached = new Set<string>()
  const problems: string[] = []
  const result = await autocannon({
    url: service.baseUrl,
    connections: CONNECTIONS,
    amount,
    timeout: 10,
    headers: { 'api-key': KEY },
    requests: [
      {
        method: 'GET',
        setupRequest: (request, context) => {
          const item = nextCase(cases)
          inFlight.set(context, item)
          return { ...request, path: item.path }
        },
        onResponse: (status, body, context) => {
          answered += 1
          const item = inFlight.get(context)
          const problem = item ? item.check(status, body) : 'an answer to no request'
          if (item) reached.add(item.path)
          if (problem === undefined) served += 1
          else if (problems.length < 3) problems.push(`${item?.path ?? '?'}: ${problem}`)
        }
      }
    ]
  })
  return {
    tried: answered + result.errors,
    served,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    reached: reached.size,
    problems,
    perSecond: result.requests.total / result.duration
  }
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)

/** What did not hold in a load run, as row problems. */
function runProblems(label: string, run: LoadRun): string[] {
  const wrong = run.tried - run.served - run.errors - run.timeouts
  return [
    ...(wrong > 0 ? [`${label}: ${wrong} wrong answers, e.g. ${run.problems.join(' | ')}`] : []),
    ...(run.errors > 0 ? [`${label}: ${run.errors} transport errors`] : []),
    ...(run.timeouts > 0 ? [`${label}: ${run.timeouts} timeouts`] : [])
  ]
}

it(`serves ${TOTAL.toLocaleString('en-US')} requests at ${CONNECTIONS} connections with the expected answers and bounded memory`, async () => {
  const cases = everyValidCase()
  const warm = await load(WARM_UP, cases)
  const baseline = await memory()
  const heaps: string[] = []
  const totals = { tried: 0, served: 0, errors: 0, timeouts: 0, problems: [] as string[] }
  const rates: number[] = []
  const reached: number[] = []
  for (let round = 0; round < ROUNDS; round += 1) {
    const run = await load(TOTAL / ROUNDS, cases)
    reached.push(run.reached)
    totals.tried += run.tried
    totals.served += run.served
    totals.errors += run.errors
    totals.timeouts += run.timeouts
    totals.problems.push(...run.problems.slice(0, 3 - totals.problems.length))
    rates.push(run.perSecond)
    heaps.push(mb((await memory()).heapUsed))
  }
  const final = await memory()
  const growthMb = (final.heapUsed - baseline.heapUsed) / 1024 / 1024
  const failed = [
    ...runProblems('warm-up', warm),
    ...(warm.tried === WARM_UP ? [] : [`warm-up: ${warm.tried} of ${WARM_UP} requests tried`]),
    ...runProblems('load', { ...totals, reached: 0, perSecond: 0 }),
    ...(Math.min(...reached) === cases.length
      ? []
      : [`only ${Math.min(...reached)} of the ${cases.length} URLs were requested in a round`]),
    ...(totals.tried === TOTAL ? [] : [`${totals.tried} of ${TOTAL} requests tried`]),
    ...(growthMb < HEAP_GROWTH_BOUND_MB
      ? []
      : [`heap grew ${growthMb.toFixed(1)} MB (bound ${HEAP_GROWTH_BOUND_MB} MB)`])
  ]
  const row = rowFromChecks(
    {
      id: 'soak',
      area: 'Load and soak (embedded service, own process)',
      case: `${TOTAL.toLocaleString('en-US')} requests, ${CONNECTIONS} connections, ${cases.length} distinct URLs`,
      tried: totals.tried,
      passed: totals.served,
      split: { served: totals.served, rejected: 0 },
      outcome: `each answer the success envelope with the dataset's price, growth or locations for its URL, every URL in each round; median ${Math.round(rates.sort((a, b) => a - b)[2] ?? 0)} req/s; heap after warm-up ${mb(baseline.heapUsed)} MB, after each ${(TOTAL / ROUNDS).toLocaleString('en-US')}: ${heaps.join(' / ')} MB, growth ${growthMb.toFixed(1)} MB (bound ${HEAP_GROWTH_BOUND_MB} MB); rss ${mb(baseline.rss)} → ${mb(final.rss)} MB`
    },
    failed
  )
  await recordRows('load', [row])
  expect(failed).toEqual([])
  expect(row).toMatchObject({ tried: TOTAL, passed: TOTAL, lost: 'nothing' })
})
