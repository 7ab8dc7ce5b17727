/**
 * Child process of the service benchmark: the embedded service (bundled dataset, or N synthetic
 * locations) and a bare node:http server answering the same bytes, so the load generator does not
 * share their event loop. Prints their URLs and the request path as one JSON line.
 *   tsx bench/service-targets.ts [bundled|<locations>]
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bundledDatasetLoaded, loadDataset, startService } from '../src/service'
import { generateSyntheticDataset } from '../src/service/data/generate'

export const BENCH_KEY = 'bench-key'

export interface ServiceTargets {
  service: string
  bare: string
  path: string
  locations: number
  /** The same request as IPC input. */
  /** Of `locations`, the residential ones (the rest are land). */
  residential: number
  input: { location: string; countryCode: string; type: 'rent'; beds: string }
}

async function main(size: string): Promise<void> {
  const dataset =
    size === 'bundled'
      ? bundledDatasetLoaded()
      : loadDataset(generateSyntheticDataset(Number(size)))
  const [first] = dataset.residentialByKey.values()
  if (!first) throw new Error('dataset has no residential location')
  const beds = Object.keys(first.prices.rent)[0] ?? '2'
  const path = `/residential-prices?location=${first.slug}&country_code=${first.country_code}&type=rent&beds=${beds}`
  const service = await startService({ apiKey: BENCH_KEY, dataset })
  const sample = await fetch(`${service.baseUrl}${path}`, { headers: { 'api-key': BENCH_KEY } })
  if (!sample.ok) throw new Error(`sample request failed: ${sample.status}`)
  const body = await sample.text()
  const bare = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end(body)
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const { port } = bare.address() as AddressInfo
  const targets: ServiceTargets = {
    service: service.baseUrl,
    bare: `http://127.0.0.1:${port}`,
    path,
    locations: dataset.residentialByKey.size + dataset.landByKey.size,
    residential: dataset.residentialByKey.size,
    input: { location: first.slug, countryCode: first.country_code, type: 'rent', beds }
  }
  process.stdout.write(`${JSON.stringify(targets)}\n`)
  process.once('SIGTERM', () => process.exit(0))
}

if (process.argv[1]?.endsWith('service-targets.ts')) void main(process.argv[2] ?? 'bundled')
