/**
 * Comparison fan-out: 100 locations × 5 bed types × rent/sale, price and growth (2,000 lookups)
 * through handlers.batchLookup in the contract's chunks of 600 (as the CLI's compare runs them),
 * against an ideal p-limit loop of raw undici requests at the same concurrency, same service.
 * A regression guard, not a target: on loopback the lookups cost CPU only; over a real network
 * the same batch is bound by round trips (the 150 ms latency rows measure that).
 */
import pLimit from 'p-limit'
import { request } from 'undici'
import { DEFAULT_CONCURRENCY } from '../src/main/connection/quota-guard'
import { loadDataset } from '../src/service'
import { generateSyntheticDataset } from '../src/service/data/generate'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type { LookupRequest } from '@shared/contract'
import { startChild } from './lib/child'
import { remoteAppCore } from '../test/support/app-core/temporary-app-core'
import type { BenchRow } from './lib/rows'
import { alternate, median } from './lib/stats'
import type { ServiceTargets } from './service-targets'
import { BENCH_KEY } from './service-targets'

const DATASET_SIZE = 1_000
const BEDS_PER_LOCATION = 5

export interface FanOutOptions {
  locations: number
  rounds: number
}

export function lookups(locations: number): LookupRequest[] {
  const dataset = loadDataset(generateSyntheticDataset(DATASET_SIZE))
  const items: LookupRequest[] = []
  for (const entry of [...dataset.residentialByKey.values()].slice(0, locations)) {
    const place = { location: entry.slug, countryCode: entry.country_code }
    for (const type of ['rent', 'sale'] as const) {
      const beds = Object.keys(entry.prices[type]).filter((bed) => bed in entry.growth[type])
      for (const bed of beds.slice(0, BEDS_PER_LOCATION)) {
        items.push({ kind: 'residentialPrice', ...place, type, beds: bed })
        items.push({ kind: 'growth', ...place, sector: 'residential', type, beds: bed })
      }
    }
  }
  return items
}

export function rawPath(item: LookupRequest): string {
  const place = `location=${item.location}&country_code=${item.countryCode}`
  if (item.kind === 'residentialPrice') {
    return `/residential-prices?${place}&type=${item.type}&beds=${item.beds}`
  }
  if (item.kind === 'growth') {
    return `/growth?${place}&sector=${item.sector}&type=${item.type ?? ''}&beds=${item.beds ?? ''}`
  }
  return `/land-prices?${place}`
}

export async function benchFanOut(options: FanOutOptions): Promise<BenchRow[]> {
  const child = await startChild<ServiceTargets>('bench/service-targets.ts', [String(DATASET_SIZE)])
  const { service } = child.info
  const core = await remoteAppCore(service, BENCH_KEY)
  const items = lookups(options.locations)
  let batchNumber = 0
  const viaBatch = async (): Promise<number> => {
    const started = performance.now()
    let found = 0
    for (let start = 0; start < items.length; start += MAX_BATCH_ITEMS) {
      batchNumber += 1
      const batch = await core.handlers.batchLookup({
        batchId: `bench-${batchNumber}`,
        items: items.slice(start, start + MAX_BATCH_ITEMS)
      })
      if (!batch.ok) throw new Error(`batch failed: ${batch.error.message}`)
      found += (batch.data.results ?? []).filter((result) => result.ok).length
    }
    if (found !== items.length) throw new Error(`batch answered ${found} of ${items.length}`)
    return performance.now() - started
  }
  const idealLoop = async (): Promise<number> => {
    const started = performance.now()
    const limit = pLimit(DEFAULT_CONCURRENCY)
    await Promise.all(
      items.map((item) =>
        limit(async () => {
          const response = await request(`${service}${rawPath(item)}`, {
            headers: { 'api-key': BENCH_KEY }
          })
          await response.body.json()
          if (response.statusCode !== 200)
            throw new Error(`raw ${rawPath(item)}: ${response.statusCode}`)
        })
      )
    )
    return performance.now() - started
  }
  try {
    await viaBatch()
    await idealLoop()
    const runs = await alternate(options.rounds, viaBatch, idealLoop)
    const ours = median(runs.ours)
    const baseline = median(runs.baseline)
    return [
      {
        benchmark: 'comparison fan-out',
        measured: `${options.locations} locations × 5 beds × rent/sale × price+growth = ${items.length} lookups via batchLookup (chunks of ${MAX_BATCH_ITEMS}), ${options.rounds} alternating rounds; baseline: p-limit(${DEFAULT_CONCURRENCY}) loop of raw undici requests`,
        ours,
        unit: 'ms',
        baseline,
        ratio: ours / baseline,
        target: 'regression guard: <= 2x',
        met: ours / baseline <= 2,
        detail: `rounds ours ${runs.ours.map((v) => v.toFixed(0)).join('/')} ms, ideal ${runs.baseline.map((v) => v.toFixed(0)).join('/')} ms`
      }
    ]
  } finally {
    await core.cleanup()
    child.stop()
  }
}
