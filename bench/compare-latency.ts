/**
 * Compare 12 locations × 5 bed types, cold, over a 150 ms (± 20 ms) round trip: the compare
 * screen's lookups (rent, sale and growth of each location and bed type) as the one batchLookup
 * it sends, through the app's handlers to the embedded service behind a delay proxy. Measured
 * against the ideal: ceil(requests / allowed concurrency) × RTT. The renderer's part (one IPC
 * round trip, the cache write-back) is not in this row.
 */
import { DEFAULT_CONCURRENCY } from '../src/main/connection/quota-guard'
import { loadDataset } from '../src/service'
import { generateSyntheticDataset } from '../src/service/data/generate'
import type { LookupRequest } from '@shared/contract'
import { startChild } from './lib/child'
import { startDelayProxy } from './lib/delay-proxy'
import { remoteAppCore } from '../test/support/app-core/temporary-app-core'
import type { BenchRow } from './lib/rows'
import { median } from './lib/stats'
import type { ServiceTargets } from './service-targets'
import { BENCH_KEY } from './service-targets'

const DATASET_SIZE = 1_000
const BED_TYPES = 5
export const RTT_MS = 150
export const JITTER_MS = 20

/** The latency rows' baseline: ceil(requests / the allowed concurrency) round trips. */
export const idealMs = (requests: number): number =>
  Math.ceil(requests / DEFAULT_CONCURRENCY) * RTT_MS

export interface CompareLatencyOptions {
  locations: number
  rounds: number
}

/** What the compare screen asks for each column: rent and sale price, growth of the type shown. */
export function compareLookups(locations: number): LookupRequest[] {
  const dataset = loadDataset(generateSyntheticDataset(DATASET_SIZE))
  const items: LookupRequest[] = []
  let columns = 0
  for (const entry of dataset.residentialByKey.values()) {
    const place = { location: entry.slug, countryCode: entry.country_code }
    const beds = Object.keys(entry.prices.rent).filter(
      (bed) => bed in entry.prices.sale && bed in entry.growth.rent
    )
    // Only locations with all five bed types, so the row is exactly locations × 5.
    if (beds.length < BED_TYPES) continue
    if (columns === locations) break
    columns += 1
    for (const bed of beds.slice(0, BED_TYPES)) {
      items.push({ kind: 'residentialPrice', ...place, type: 'rent', beds: bed })
      items.push({ kind: 'residentialPrice', ...place, type: 'sale', beds: bed })
      items.push({ kind: 'growth', ...place, sector: 'residential', type: 'rent', beds: bed })
    }
  }
  if (columns < locations) throw new Error(`only ${columns} locations have ${BED_TYPES} bed types`)
  return items
}

export async function benchCompareLatency(options: CompareLatencyOptions): Promise<BenchRow[]> {
  const child = await startChild<ServiceTargets>('bench/service-targets.ts', [String(DATASET_SIZE)])
  const proxy = await startDelayProxy(child.info.service, RTT_MS, JITTER_MS)
  const items = compareLookups(options.locations)
  const times: number[] = []
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      // Cold: a new core (client, connections) each round.
      const core = await remoteAppCore(proxy.origin, BENCH_KEY)
      try {
        const before = proxy.requests
        const started = performance.now()
        const batch = await core.handlers.batchLookup({ batchId: `compare-${round}`, items })
        times.push(performance.now() - started)
        if (!batch.ok) throw new Error(`compare batch failed: ${batch.error.message}`)
        const found = (batch.data.results ?? []).filter((result) => result.ok).length
        if (found !== items.length) throw new Error(`compare answered ${found} of ${items.length}`)
        if (proxy.requests - before !== items.length) {
          throw new Error(`compare sent ${proxy.requests - before} requests for ${items.length}`)
        }
      } finally {
        await core.cleanup()
      }
    }
  } finally {
    await proxy.close()
    child.stop()
  }
  const ideal = idealMs(items.length)
  const ours = median(times)
  return [
    {
      benchmark: `compare ${options.locations} locations × ${BED_TYPES} bed types, cold, ${RTT_MS} ms RTT`,
      measured: `${items.length} lookups (rent, sale, growth per location and bed type) in one batchLookup through the handlers, to the embedded service behind a proxy holding each request ${RTT_MS} ± ${JITTER_MS} ms; new client each round; median of ${options.rounds}; baseline: ideal ceil(${items.length} / ${DEFAULT_CONCURRENCY}) × ${RTT_MS} ms (no renderer in this row)`,
      ours,
      unit: 'ms',
      baseline: ideal,
      ratio: ours / ideal,
      target: '<= 1.15x',
      met: ours / ideal <= 1.15,
      detail: `rounds ${times.map((v) => v.toFixed(0)).join('/')} ms`
    }
  ]
}
