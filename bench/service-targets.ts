/**
 * Child process of bench/service.ts: runs the embedded service and a bare node:http server answering
 * the same JSON, so the load generator does not share their event loop. Prints their URLs as JSON.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startService } from '../src/service'

export const BENCH_KEY = 'bench-key'
export const BENCH_PATH =
  '/residential-prices?location=lekki-phase-1&country_code=NG&type=rent&beds=2'

async function main(): Promise<void> {
  const service = await startService({ apiKey: BENCH_KEY })
  const uncached = await startService({ apiKey: BENCH_KEY, answerCache: false })
  const sample = await fetch(`${service.baseUrl}${BENCH_PATH}`, {
    headers: { 'api-key': BENCH_KEY }
  })
  const body = await sample.text()
  const bare = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end(body)
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const { port } = bare.address() as AddressInfo
  process.stdout.write(
    `${JSON.stringify({ service: service.baseUrl, uncached: uncached.baseUrl, bare: `http://127.0.0.1:${port}` })}\n`
  )
  process.once('SIGTERM', () => process.exit(0))
}

if (process.argv[1]?.endsWith('service-targets.ts')) void main()
