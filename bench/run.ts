/**
 * Every benchmark, in one run: prints the table and writes bench/results/full.json (git-ignored).
 *   npm run bench              full run (a few minutes)
 *   npm run bench -- --quick   short: checks every benchmark still runs (bench/results/quick.json)
 *   npm run bench:record       full run, and also refreshes the committed bench/results.json
 * Exits non-zero only when a benchmark fails to run, never because a target is missed.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { BROWSER } from '../e2e/harness/paths'
import { benchBundleSize } from './bundle-size'
import { benchClientRoundTrip } from './client-roundtrip'
import { benchCompareLatency } from './compare-latency'
import { benchFanOut } from './fan-out'
import { benchHistoryLog } from './history-log'
import { startChild } from './lib/child'
import { assertFinite, formatTable } from './lib/rows'
import type { BenchRow } from './lib/rows'
import { benchRankings } from './rankings'
import { benchSearch } from './search'
import { benchService } from './service'

const quick = process.argv.includes('--quick')
/** Only an explicit request rewrites the committed results; every other run stays in bench/results/. */
const record = process.argv.includes('--record') && !quick

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

function buildRenderer(): void {
  const built = spawnSync('npx', ['electron-vite', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit']
  })
  if (built.status !== 0) throw new Error('electron-vite build failed')
}

async function section(
  name: string,
  run: () => Promise<BenchRow[]> | BenchRow[]
): Promise<BenchRow[]> {
  const started = performance.now()
  const rows = await run()
  assertFinite(rows)
  console.error(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return rows
}

async function main(): Promise<void> {
  const started = performance.now()
  console.error(
    `benchmarks (${quick ? 'quick' : 'full'}), ${cpus().length} CPUs, Node ${process.version}`
  )
  buildRenderer()
  const rows: BenchRow[] = []
  rows.push(
    ...(await section('service', () =>
      benchService(
        quick
          ? { sizes: ['bundled', '705'], warmUpSeconds: 0.5, seconds: 0.5, pairs: 2, floor: false }
          : // Generator counts that give about 1k, 10k and 50k locations (residential + land).
            {
              sizes: ['bundled', '705', '7050', '35250'],
              warmUpSeconds: 1,
              seconds: 1,
              pairs: 10,
              floor: true
            }
      )
    ))
  )
  rows.push(
    ...(await section('client round trip', () =>
      benchClientRoundTrip(quick ? { blocks: 2, perBlock: 50 } : { blocks: 10, perBlock: 300 })
    ))
  )
  rows.push(
    ...(await section('fan-out', () =>
      benchFanOut(quick ? { locations: 10, rounds: 1 } : { locations: 100, rounds: 5 })
    ))
  )
  rows.push(
    ...(await section('compare over 150 ms RTT', () =>
      benchCompareLatency(quick ? { locations: 2, rounds: 1 } : { locations: 12, rounds: 3 })
    ))
  )
  rows.push(
    ...(await section('search', () =>
      benchSearch(quick ? [1_000, 10_000] : [1_000, 10_000, 50_000], quick ? 1 : 5)
    ))
  )
  rows.push(
    ...(await section('rankings', async () => [await benchRankings(1_000, quick ? 3 : 15)]))
  )
  rows.push(...(await section('history log', () => benchHistoryLog({ writes: quick ? 50 : 400 }))))
  let chromiumVersion = 'unknown'
  rows.push(
    ...(await section('chromium', async () => {
      if (!BROWSER.found) {
        console.error(
          `  SKIPPED the Chromium rows (cache, start, picker, heap, location screen, compare, rankings render and rankings over 150 ms): ${BROWSER.why}`
        )
        chromiumVersion = 'missing'
        return []
      }
      const child = await startChild<{ rows: BenchRow[]; chromium: string }>(
        'bench/chromium/index.ts',
        quick ? ['--quick'] : []
      )
      chromiumVersion = child.info.chromium
      child.stop()
      return child.info.rows
    }))
  )
  rows.push(...(await section('bundle size', () => benchBundleSize())))

  const order = (row: BenchRow): number => (row.benchmark.startsWith('growth:') ? 1 : 0)
  rows.sort((a, b) => order(a) - order(b))
  const seconds = (performance.now() - started) / 1000
  console.log(formatTable(rows))
  console.log(
    `\n${rows.filter((row) => !row.met).length} of ${rows.length} targets missed; ${seconds.toFixed(0)} s`
  )
  const results = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    quick,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      chromium: chromiumVersion
    },
    seconds,
    rows
  }
  const files = [quick ? 'bench/results/quick.json' : 'bench/results/full.json']
  if (record) files.push('bench/results.json')
  mkdirSync('bench/results', { recursive: true })
  for (const file of files) writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`wrote ${files.join(' and ')}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
