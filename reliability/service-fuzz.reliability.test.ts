/**
 * 10,000 random requests to the embedded service (half anything, half valid requests with a few
 * parameters swapped for odd values): every answer is the JSON envelope, never a 5xx.
 */
import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createServiceApp } from '../src/service'
import {
  envelopeProblems,
  nearValidRequest,
  serviceRequest
} from '../test/support/service/fuzz-arbitraries'
import { TEST_KEY } from '../test/support/service/helpers'
import { recordRows } from './lib/results'
import { createTally } from './support/tally'

const RUNS = 10_000
const SEED = Number(process.env['RELIABILITY_SEED'] ?? Date.now() % 2 ** 31)
const app = createServiceApp({ apiKey: TEST_KEY, rateLimitPerSecond: 1_000_000 })
afterAll(() => app.close())

function family(path: string): string {
  for (const route of ['locations', 'residential-prices', 'growth', 'land-prices']) {
    if (path === `/${route}` || path === `/v1/${route}`) return `/${route} (and /v1)`
  }
  return 'unknown and odd paths'
}

it(`answers ${RUNS.toLocaleString('en-US')} random requests with the envelope, never a 5xx`, async () => {
  const tally = createTally('Service fuzz (fast-check)')
  for (const input of fc.sample(fc.oneof(serviceRequest, nearValidRequest), {
    numRuns: RUNS,
    seed: SEED
  })) {
    const { status, problems } = await envelopeProblems(app, input)
    const described = `${input.method} ${input.path}?${input.query.slice(0, 60)}`
    tally.add(
      family(input.path),
      String(status),
      problems.length ? `${described}: ${problems.join(', ')}` : undefined
    )
  }
  const rows = tally.rows(`; seed ${SEED}`)
  await recordRows('service-fuzz', rows)
  expect(rows.reduce((sum, row) => sum + row.tried, 0)).toBe(RUNS)
  expect(rows.filter((row) => row.passed !== row.tried)).toEqual([])
})
