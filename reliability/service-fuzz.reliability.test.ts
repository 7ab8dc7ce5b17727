/**
 * 10,000 random requests to the embedded service (half anything, half valid requests with a few
 * parameters swapped for odd values). Every answer is the JSON envelope, never a 5xx, and each is
 * counted by what it had to be: a wrong or missing key refused with 401 (a path that cannot be
 * decoded, such as /%ZZ, with 400 before any key check), a right key never refused with 401, an unchanged valid request served, anything else served (data valid by the spec) or
 * rejected as expected with a 4xx.
 */
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createServiceApp } from '../src/service'
import {
  envelopeProblems,
  nearValidRequest,
  serviceRequest,
  VALID_PARAMS
} from '../test/support/service/fuzz-arbitraries'
import type { FuzzRequest } from '../test/support/service/fuzz-arbitraries'
import { TEST_KEY } from '../test/support/service/helpers'
import { recordRows } from './lib/results'
import { createTally } from './support/tally'
import type { Expectation } from './support/tally'

const RUNS = 10_000
const SEED = Number(process.env['RELIABILITY_SEED'] ?? Date.now() % 2 ** 31)
const app = createServiceApp({ apiKey: TEST_KEY, rateLimitPerSecond: 1_000_000 })
afterAll(() => app.close())

const ROUTES = ['/locations', '/residential-prices', '/growth', '/land-prices']

function family(path: string): string {
  const route = ROUTES.find((name) => path === name || path === `/v1${name}`)
  return route ?? 'other paths'
}

/** A GET with the right key and exactly the valid parameters of its route, in query or body. */
function mustBeServed(input: FuzzRequest): boolean {
  const valid = VALID_PARAMS[input.path.replace(/^\/v1/, '')]
  if (!valid || input.method !== 'GET' || input.key !== TEST_KEY) return false
  const query = Object.fromEntries(new URLSearchParams(input.query))
  if (input.body === null) return isDeepStrictEqual(query, valid)
  if (input.query !== '' || input.contentType !== 'application/json') return false
  try {
    return isDeepStrictEqual(JSON.parse(input.body), valid)
  } catch {
    return false
  }
}

/** A path that cannot be decoded (`/%ZZ`) is answered 400 before any route or key check. */
function undecodable(path: string): boolean {
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

/** What was wrong with the status for the request's key and validity. */
function statusProblem(input: FuzzRequest, status: number): string | undefined {
  if (undecodable(input.path))
    return status === 400 ? undefined : `an undecodable path got ${status}`
  if (input.key !== TEST_KEY) return status === 401 ? undefined : `a wrong key got ${status}`
  if (status === 401) return 'the right key got 401'
  if (mustBeServed(input) && status !== 200) return `a valid request got ${status}`
  return status === 200 || (status >= 400 && status < 500) ? undefined : `status ${status}`
}

it(`answers ${RUNS.toLocaleString('en-US')} random requests with the envelope: wrong keys 401, valid requests served`, async () => {
  const tally = createTally('Service fuzz (fast-check)')
  for (const input of fc.sample(fc.oneof(serviceRequest, nearValidRequest), {
    numRuns: RUNS,
    seed: SEED
  })) {
    const { status, problems } = await envelopeProblems(app, input)
    const wrong = statusProblem(input, status)
    if (wrong) problems.push(wrong)
    const expected: Expectation = input.key === TEST_KEY && status === 200 ? 'served' : 'rejected'
    const described = `${input.method} ${input.path}?${input.query.slice(0, 60)}`
    const outcome = undecodable(input.path)
      ? `undecodable path ${status}`
      : input.key === TEST_KEY
        ? String(status)
        : `wrong key ${status}`
    tally.add(
      family(input.path),
      outcome,
      expected,
      problems.length ? `${described}: ${problems.join(', ')}` : undefined
    )
  }
  const rows = tally.rows(`; seed ${SEED}`).map((row) => ({
    ...row,
    case: row.id === 'other paths' ? 'unknown and odd paths' : `${row.id} (and /v1)`
  }))
  await recordRows('service-fuzz', rows)
  expect(rows.reduce((sum, row) => sum + row.tried, 0)).toBe(RUNS)
  expect(rows.filter((row) => row.passed !== row.tried)).toEqual([])
})
