/**
 * Requests/s of the embedded service's /residential-prices against a bare node:http server that
 * answers the same bytes (service-targets.ts checks it), measured in the same run at several
 * dataset sizes: both servers live in a child process, autocannon in this one. After a warm-up,
 * many short rounds alternate between the two (ABBA order); the row's ratio is the median of the
 * per-pair ratios, so a burst of load from elsewhere on the machine moves both halves of a pair
 * rather than one side's median. The detail also gives the child's CPU time per request on each
 * side, which load elsewhere moves far less than req/s.
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
}

const range = (values: Spread, digits: number): string =>
  `${values.min.toFixed(digits)}–${values.max.toFixed(digits)} (middle half ${values.p25.toFixed(digits)}–${values.p75.toFixed(digits)})`

export async function benchService(options: ServiceBenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  for (const size of options.sizes) {
    const child = await startChild<ServiceTargets>('bench/service-targets.ts', [size])
    try {
      const { service, bare, cpu, path, locations, residential } = child.info
      const rounds = { ours: [] as Round[], baseline: [] as Round[] }
      const side = (url: string, into: Round[]) => async (): Promise<number> => {
        const round = await measure(url, cpu, options.seconds)
        into.push(round)
        return round.perSecond
      }
      await measure(`${service}${path}`, cpu, options.warmUpSeconds)
      await measure(`${bare}${path}`, cpu, options.warmUpSeconds)
      const runs = await alternate(
        options.pairs,
        side(`${service}${path}`, rounds.ours),
        side(`${bare}${path}`, rounds.baseline)
      )
      const ratios = spread(pairRatios(runs.ours, runs.baseline))
      const cpuOurs = median(rounds.ours.map((round) => round.cpuMicrosPerRequest))
      const cpuBare = median(rounds.baseline.map((round) => round.cpuMicrosPerRequest))
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
        ours: median(runs.ours),
        unit: 'req/s',
        baseline: median(runs.baseline),
        ratio: ratios.median,
        target: '>= 0.9',
        met: ratios.median >= 0.9,
        detail: `pair ratios ${range(ratios, 2)}; req/s ours ${range(spread(runs.ours), 0)}, bare ${range(spread(runs.baseline), 0)}; child CPU per request (median) ours ${cpuOurs.toFixed(1)} µs, bare ${cpuBare.toFixed(1)} µs (bare/ours ${(cpuBare / cpuOurs).toFixed(2)})`
      })
    } finally {
      child.stop()
    }
  }
  return rows
}
