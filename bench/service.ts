/**
 * Requests/s of the embedded service's /residential-prices against a bare node:http server that
 * answers the same JSON, measured in the same run at several dataset sizes: both servers live in a
 * child process, autocannon in this one; rounds alternate and the medians are compared.
 */
import autocannon from 'autocannon'
import { startChild } from './lib/child'
import type { BenchRow } from './lib/rows'
import { alternate, median } from './lib/stats'
import type { ServiceTargets } from './service-targets'
import { BENCH_KEY } from './service-targets'

const CONNECTIONS = 10

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'api-key': BENCH_KEY }
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return result.requests.total / result.duration
}

export interface ServiceBenchOptions {
  sizes: readonly string[]
  seconds: number
  rounds: number
}

export async function benchService(options: ServiceBenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  for (const size of options.sizes) {
    const child = await startChild<ServiceTargets>('bench/service-targets.ts', [size])
    try {
      const { service, bare, path, locations, residential } = child.info
      await requestsPerSecond(`${service}${path}`, 1)
      await requestsPerSecond(`${bare}${path}`, 1)
      const runs = await alternate(
        options.rounds,
        () => requestsPerSecond(`${service}${path}`, options.seconds),
        () => requestsPerSecond(`${bare}${path}`, options.seconds)
      )
      const ours = median(runs.ours)
      const baseline = median(runs.baseline)
      const ratio = ours / baseline
      const label =
        size === 'bundled'
          ? 'bundled dataset'
          : `${locations.toLocaleString('en-US')} locations (${residential.toLocaleString('en-US')} residential, ${(locations - residential).toLocaleString('en-US')} land)`
      rows.push({
        benchmark:
          size === 'bundled'
            ? 'embedded service throughput, /residential-prices'
            : `growth: service throughput at ${locations.toLocaleString('en-US')} locations`,
        measured: `${label}; autocannon, ${CONNECTIONS} connections, ${options.rounds} alternating rounds of ${options.seconds} s; baseline: bare node:http sending the same bytes`,
        ours,
        unit: 'req/s',
        baseline,
        ratio,
        target: '>= 0.9',
        met: ratio >= 0.9,
        detail: `rounds ours ${runs.ours.map((v) => v.toFixed(0)).join('/')}, bare ${runs.baseline.map((v) => v.toFixed(0)).join('/')}`
      })
    } finally {
      child.stop()
    }
  }
  return rows
}
