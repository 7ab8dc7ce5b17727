/**
 * Load and soak: 100,000 requests at 50 connections to the embedded service (in its own process)
 * over every valid URL of the bundled dataset, after a 10,000-request warm-up. Every answer must be
 * a 2xx with no transport error or timeout; heap growth after warm-up is reported and bounded.
 */
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import autocannon from 'autocannon'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bundledDatasetLoaded } from '../src/service'
import { recordRows } from './lib/results'

const KEY = 'load-key-3c81'
const TOTAL = Number(process.env['RELIABILITY_LOAD_REQUESTS'] ?? 100_000)
const ROUNDS = 5
const WARM_UP = 10_000
const CONNECTIONS = 50
/** The answer cache is bounded and the dataset fixed: steady state should not grow much. */
const HEAP_GROWTH_BOUND_MB = 32

let child: ChildProcess
let baseUrl: string

beforeAll(async () => {
  child = fork('reliability/support/service-child.ts', [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, LOAD_KEY: KEY },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  })
  const [message] = (await once(child, 'message')) as [{ type: string; baseUrl: string }]
  baseUrl = message.baseUrl
})

afterAll(() => {
  child.disconnect()
})

async function memory(): Promise<NodeJS.MemoryUsage> {
  const answer = once(child, 'message') as Promise<[{ usage: NodeJS.MemoryUsage; gc: boolean }]>
  child.send('memory')
  const [message] = await answer
  if (!message.gc) throw new Error('the service child was started without --expose-gc')
  return message.usage
}

function everyValidPath(): string[] {
  const dataset = bundledDatasetLoaded()
  const paths = ['/locations?sector=residential', '/locations?sector=land']
  for (const entry of dataset.residentialByKey.values()) {
    const place = `location=${entry.slug}&country_code=${entry.country_code}`
    for (const type of ['rent', 'sale'] as const) {
      for (const beds of Object.keys(entry.prices[type])) {
        paths.push(`/residential-prices?${place}&type=${type}&beds=${beds}`)
      }
      for (const beds of Object.keys(entry.growth[type])) {
        paths.push(`/growth?${place}&sector=residential&type=${type}&beds=${beds}`)
      }
    }
  }
  for (const entry of dataset.landByKey.values()) {
    const place = `location=${entry.slug}&country_code=${entry.country_code}`
    paths.push(`/land-prices?${place}`, `/growth?${place}&sector=land`)
  }
  return [...paths, ...paths.map((path) => `/v1${path}`)]
}

async function load(amount: number, paths: string[]) {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    amount,
    timeout: 10,
    headers: { 'api-key': KEY },
    requests: paths.map((path) => ({ method: 'GET' as const, path }))
  })
  return {
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    perSecond: result.requests.total / result.duration
  }
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)

it(`serves ${TOTAL.toLocaleString('en-US')} requests at ${CONNECTIONS} connections with no error and bounded memory`, async () => {
  const paths = everyValidPath()
  const warm = await load(WARM_UP, paths)
  expect(warm.ok).toBe(WARM_UP)
  const baseline = await memory()
  const heaps: string[] = []
  const totals = { ok: 0, non2xx: 0, errors: 0, timeouts: 0 }
  const rates: number[] = []
  for (let round = 0; round < ROUNDS; round += 1) {
    const run = await load(TOTAL / ROUNDS, paths)
    totals.ok += run.ok
    totals.non2xx += run.non2xx
    totals.errors += run.errors
    totals.timeouts += run.timeouts
    rates.push(run.perSecond)
    heaps.push(mb((await memory()).heapUsed))
  }
  const final = await memory()
  const growthMb = (final.heapUsed - baseline.heapUsed) / 1024 / 1024
  const failed = totals.non2xx + totals.errors + totals.timeouts
  await recordRows('load', [
    {
      area: 'Load and soak (embedded service, own process)',
      case: `${TOTAL.toLocaleString('en-US')} requests, ${CONNECTIONS} connections, ${paths.length} distinct URLs`,
      tried: TOTAL,
      passed: totals.ok,
      lost:
        failed === 0
          ? 'nothing'
          : `${totals.non2xx} non-2xx, ${totals.errors} errors, ${totals.timeouts} timeouts`,
      outcome: `median ${Math.round(rates.sort((a, b) => a - b)[2] ?? 0)} req/s; heap after warm-up ${mb(baseline.heapUsed)} MB, after each 20k: ${heaps.join(' / ')} MB, growth ${growthMb.toFixed(1)} MB (bound ${HEAP_GROWTH_BOUND_MB} MB); rss ${mb(baseline.rss)} → ${mb(final.rss)} MB`
    }
  ])
  expect(totals).toEqual({ ok: TOTAL, non2xx: 0, errors: 0, timeouts: 0 })
  expect(growthMb).toBeLessThan(HEAP_GROWTH_BOUND_MB)
})
