/**
 * Requests/s of the embedded service's /residential-prices against a bare node:http server that
 * answers the same JSON, measured in the same run: both servers live in one child process, the load
 * generator in this one; rounds alternate and the medians are compared.
 *   npm run bench:service            BENCH_SECONDS=3 BENCH_ROUNDS=3 to change the length
 */
import { spawn } from 'node:child_process'
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

async function main(): Promise<void> {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
  const child = spawn(process.execPath, [tsxCli, 'bench/service-targets.ts'], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  try {
    const [line] = await createInterface({ input: child.stdout })
      [Symbol.asyncIterator]()
      .next()
      .then((next) => [next.value as string])
    const urls = JSON.parse(line ?? '{}') as { service: string; bare: string }
    await requestsPerSecond(urls.service, 1)
    await requestsPerSecond(urls.bare, 1)
    const serviceRuns: number[] = []
    const bareRuns: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await requestsPerSecond(urls.bare, SECONDS))
      serviceRuns.push(await requestsPerSecond(urls.service, SECONDS))
    }
    const ratio = median(serviceRuns) / median(bareRuns)
    console.log(
      `bare node:http      ${median(bareRuns).toFixed(0)} req/s  (rounds: ${format(bareRuns)})`
    )
    console.log(
      `embedded service    ${median(serviceRuns).toFixed(0)} req/s  (rounds: ${format(serviceRuns)})`
    )
    console.log(`ratio service/bare  ${ratio.toFixed(2)}  (target >= 0.70)`)
  } finally {
    child.kill('SIGTERM')
  }
}

void main()
