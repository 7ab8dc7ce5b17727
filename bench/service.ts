/**
 * Requests/s of the embedded service's /residential-prices against a bare node:http server that
 * answers the same JSON, measured in the same run: both servers live in one child process, the load
 * generator in this one; rounds alternate and the medians are compared.
 *   npm run bench:service            BENCH_SECONDS=3 BENCH_ROUNDS=3 to change the length
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { BENCH_KEY, BENCH_PATH } from './service-targets'

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5)
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3)
const CONNECTIONS = 10

async function requestsPerSecond(url: string, duration: number): Promise<number> {
  const result = await autocannon({
    url: `${url}${BENCH_PATH}`,
    connections: CONNECTIONS,
    duration,
    headers: { 'api-key': BENCH_KEY }
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return result.requests.average
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const format = (values: number[]): string => values.map((value) => value.toFixed(0)).join(', ')

async function firstLine(child: ChildProcess): Promise<string> {
  if (!child.stdout) throw new Error('bench targets have no stdout')
  for await (const line of createInterface({ input: child.stdout })) return String(line)
  throw new Error('bench targets exited before printing their URLs')
}

async function main(): Promise<void> {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
  const child = spawn(process.execPath, [tsxCli, 'bench/service-targets.ts'], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  try {
    const urls = JSON.parse(await firstLine(child)) as Record<
      'bare' | 'service' | 'uncached',
      string
    >
    for (const url of Object.values(urls)) await requestsPerSecond(url, 1)
    const runs = { bare: [] as number[], service: [] as number[], uncached: [] as number[] }
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.bare.push(await requestsPerSecond(urls.bare, SECONDS))
      runs.service.push(await requestsPerSecond(urls.service, SECONDS))
      runs.uncached.push(await requestsPerSecond(urls.uncached, SECONDS))
    }
    const bare = median(runs.bare)
    const report = (label: string, values: number[]): string =>
      `${label.padEnd(36)}${median(values).toFixed(0).padStart(7)} req/s  ratio ${(median(values) / bare).toFixed(2)}  (rounds: ${format(values)})`
    console.log(report('bare node:http (baseline)', runs.bare))
    console.log(report('embedded service', runs.service))
    console.log(report('embedded service, answer cache off', runs.uncached))
    console.log(`ratio service/bare ${(median(runs.service) / bare).toFixed(2)} (target >= 0.70)`)
  } finally {
    child.kill('SIGTERM')
  }
}

void main()
