/**
 * One lookup through the app's handlers (IPC input validation, connection, client with dedupe,
 * quota guard and response validation) against a raw undici request for the same URL, both to
 * the service in a child process. Sequential requests; blocks alternate; p50 and p95 compared.
 * A regression guard, not a target: on loopback a round trip is a fraction of a millisecond, next
 * to a real service's 50–300 ms, so the row only catches a layer that got much slower.
 */
import { request } from 'undici'
import { startChild } from './lib/child'
import { remoteAppCore } from '../test/support/app-core/temporary-app-core'
import type { BenchRow } from './lib/rows'
import { alternate, median, percentile } from './lib/stats'
import type { ServiceTargets } from './service-targets'
import { BENCH_KEY } from './service-targets'

export interface RoundTripOptions {
  blocks: number
  perBlock: number
}

export async function benchClientRoundTrip(options: RoundTripOptions): Promise<BenchRow[]> {
  const child = await startChild<ServiceTargets>('bench/service-targets.ts', ['bundled'])
  const { service, path, input } = child.info
  const core = await remoteAppCore(service, BENCH_KEY)
  const samples = { ours: [] as number[], baseline: [] as number[] }
  const viaHandlers = async (): Promise<number> => {
    for (let index = 0; index < options.perBlock; index += 1) {
      const started = performance.now()
      const result = await core.handlers.getResidentialPrice(input)
      samples.ours.push(performance.now() - started)
      if (!result.ok) throw new Error(`handler lookup failed: ${result.error.message}`)
    }
    return 0
  }
  const raw = async (): Promise<number> => {
    for (let index = 0; index < options.perBlock; index += 1) {
      const started = performance.now()
      const response = await request(`${service}${path}`, { headers: { 'api-key': BENCH_KEY } })
      await response.body.json()
      samples.baseline.push(performance.now() - started)
      if (response.statusCode !== 200) throw new Error(`raw request: ${response.statusCode}`)
    }
    return 0
  }
  try {
    await viaHandlers()
    await raw()
    samples.ours.length = 0
    samples.baseline.length = 0
    await alternate(options.blocks, viaHandlers, raw)
  } finally {
    await core.cleanup()
    child.stop()
  }
  const ours = median(samples.ours)
  const baseline = median(samples.baseline)
  const ratio = ours / baseline
  return [
    {
      benchmark: 'client round trip through handlers',
      measured: `${samples.ours.length} sequential /residential-prices lookups per side in ${options.blocks} alternating blocks; baseline: raw undici request + JSON parse to the same service (child process)`,
      ours,
      unit: 'ms',
      baseline,
      ratio,
      target: 'regression guard: p50 <= 2x',
      met: ratio <= 2,
      detail: `p95 ours ${percentile(samples.ours, 0.95).toFixed(3)} ms, raw ${percentile(samples.baseline, 0.95).toFixed(3)} ms`
    }
  ]
}
