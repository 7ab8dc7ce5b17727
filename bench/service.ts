/**
 * Requests/s of the embedded service's /residential-prices against a bare node:http server that
 * answers the same bytes (service-targets.ts checks it), measured in the same run at several
 * dataset sizes: both servers live in a child process, autocannon in this one. After a warm-up,
 * many short rounds alternate between the two (ABBA order); the row's ratio is the median of the
 * per-pair ratios, so a burst of load from elsewhere on the machine moves both halves of a pair
 * rather than one side's median. The detail also gives the child's CPU time per request on each
 * side, which load elsewhere moves far less than req/s, and (full run, bundled dataset) the same
 * comparison for a minimal fastify app sending the same bytes: fastify's own floor.
 */
import autocannon from 'autocannon'
import { startChild } from './lib/child'
import type { BenchRow } from './lib/rows'
import type { Spread } from './lib/stats'
import { alternate, median, pairRatios, spread } from './lib/stats'
import type { ServiceTargets } from './service-targets'
import { BENCH_KEY } from './service-targets'

/** The same on both sides: a closed loop of this many keep-alive connections, one request each. */
const CONNECTIONS = 10
const PIPELINING = 1

interface Round {
  perSecond: number
  /** The child's CPU time (both servers' process) per request answered. */
  cpuMicrosPerRequest: number
}

async function childCpuMicros(url: string): Promise<number> {
  const response = await fetch(url)
  const { micros } = (await response.json()) as { micros: number }
  return micros
}

async function measure(url: string, cpuUrl: string, seconds: number): Promise<Round> {
  const cpuBefore = await childCpuMicros(cpuUrl)
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration: seconds,
    headers: { 'api-key': BENCH_KEY }
  })
  const cpuAfter = await childCpuMicros(cpuUrl)
  if (result.non2xx > 0 || result.errors > 0 || result.requests.total === 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return {
    perSecond: result.requests.total / result.duration,
    cpuMicrosPerRequest: (cpuAfter - cpuBefore) / result.requests.total
  }
}

export interface ServiceBenchOptions {
  sizes: readonly string[]
  /** Length of each side's warm-up run, then of each round. */
  warmUpSeconds: number
  seconds: number
  /** Pairs of rounds (one per side). */
  pairs: number
  /**
   * Also measure a minimal fastify app sending the same bytes against the bare server, on the
   * bundled dataset: fastify's own per-request cost, the floor for the service.
   */
  floor: boolean
}

interface Comparison {
  ratios: Spread
  ours: number[]
  baseline: number[]
  cpuOurs: number
  cpuBaseline: number
}

/** Warm-up, then `pairs` alternating pairs of rounds of `ours` and `baseline`. */
async function compare(
  ours: string,
  baseline: string,
  cpuUrl: string,
  options: ServiceBenchOptions
): Promise<Comparison> {
  const rounds = { ours: [] as Round[], baseline: [] as Round[] }
  const side = (url: string, into: Round[]) => async (): Promise<number> => {
    const round = await measure(url, cpuUrl, options.seconds)
    into.push(round)
    return round.perSecond
  }
  await measure(ours, cpuUrl, options.warmUpSeconds)
  await measure(baseline, cpuUrl, options.warmUpSeconds)
  const runs = await alternate(
    options.pairs,
    side(ours, rounds.ours),
    side(baseline, rounds.baseline)
  )
  const cpu = (of: Round[]): number => median(of.map((round) => round.cpuMicrosPerRequest))
  return {
    ratios: spread(pairRatios(runs.ours, runs.baseline)),
    ours: runs.ours,
    baseline: runs.baseline,
    cpuOurs: cpu(rounds.ours),
    cpuBaseline: cpu(rounds.baseline)
  }
}

const cpuDetail = (ours: number, baseline: number): string =>
  `${ours.toFixed(1)} µs vs bare ${baseline.toFixed(1)} µs (bare/ours ${(baseline / ours).toFixed(2)})`

const range = (values: Spread, digits: number): string =>
  `${values.min.toFixed(digits)}–${values.max.toFixed(digits)} (middle half ${values.p25.toFixed(digits)}–${values.p75.toFixed(digits)})`

export async function benchService(options: ServiceBenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  for (const size of options.sizes) {
    const child = await startChild<ServiceTargets>('bench/service-targets.ts', [size])
    try {
      const { service, bare, floor, cpu, path, locations, residential } = child.info
      const run = await compare(`${service}${path}`, `${bare}${path}`, cpu, options)
      const fastify =
        options.floor && size === 'bundled'
          ? await compare(`${floor}${path}`, `${bare}${path}`, cpu, options)
          : undefined
      const label =
        size === 'bundled'
          ? 'bundled dataset'
          : `${locations.toLocaleString('en-US')} locations (${residential.toLocaleString('en-US')} residential, ${(locations - residential).toLocaleString('en-US')} land)`
      rows.push({
        benchmark:
          size === 'bundled'
            ? 'embedded service throughput, /residential-prices'
            : `growth: service throughput at ${locations.toLocaleString('en-US')} locations`,
        measured: `${label}; autocannon, ${CONNECTIONS} connections, pipelining ${PIPELINING}; ${options.warmUpSeconds} s warm-up each, then ${options.pairs} alternating pairs of ${options.seconds} s rounds; ratio = median of the per-pair ratios (ours and baseline: median req/s); baseline: bare node:http sending the same bytes (status, headers, body)`,
        ours: median(run.ours),
        unit: 'req/s',
        baseline: median(run.baseline),
        ratio: run.ratios.median,
        // A regression guard, not a target: see the README's Benchmarks section.
        target: 'regression guard: >= 0.5',
        met: run.ratios.median >= 0.5,
        detail: [
          `pair ratios ${range(run.ratios, 2)}`,
          `req/s ours ${range(spread(run.ours), 0)}, bare ${range(spread(run.baseline), 0)}`,
          `child CPU per request (median) ${cpuDetail(run.cpuOurs, run.cpuBaseline)}`,
          ...(fastify
            ? [
                `fastify floor (a minimal fastify app, one route, no hooks, same bytes) vs bare: pair ratio ${fastify.ratios.median.toFixed(2)}, ${range(fastify.ratios, 2)}; CPU per request ${cpuDetail(fastify.cpuOurs, fastify.cpuBaseline)}`
              ]
            : [])
        ].join('; ')
      })
    } finally {
      child.stop()
    }
  }
  return rows
}
