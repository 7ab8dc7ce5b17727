/**
 * Issue 28, measured: hostile answers and input at the edges, each class counted (attempts, held).
 * - text-bounds: every text field of every answer one character over its limit (and a 7 MiB
 *   currency and name) refused as BAD_RESPONSE naming the field; at the limit, served (a field a
 *   figure echoes from its request is refused at its limit too: it is not what was asked).
 * - bidi-names: every bidi and control character in names, cities, countries, currencies and
 *   units replaced where the answer enters.
 * - slowloris: 256 connections dripping header lines from one address against the standalone
 *   service's default limits; a client elsewhere is served, every dripping one is closed.
 * - currency-rates: typed and stored display-currency rates that would show ∞, 0 or win for ever.
 * - route-paths: encoded `.` / `..` segments and encoded slashes refused; accepted paths stay
 *   under the base path.
 * Rows are recorded after their checks.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Result } from '@shared/result'
import { routePathProblem } from '@shared/settings'
import { TEXT_LIMITS } from '@shared/spec'
import { routeUrl } from '../src/main/client/url'
import {
  ExchangeRateSchema,
  findRate,
  parseRateText,
  rateEntrySchema
} from '../src/renderer/src/lib/currency-conversion'
import { isoDay } from '../src/renderer/src/lib/format'
import { DEFAULT_SERVER_LIMITS, startService } from '../src/service/server'
import type { FaultServer } from '../test/support/client/fault-server'
import { json, startFaultServer } from '../test/support/client/fault-server'
import { LOCATIONS, makeClient, PRICE } from '../test/support/client/helpers'
import { drip, getFrom } from '../test/support/service/slow-drip'
import { HIDDEN_CONTROLS } from '../test/support/shared/hostile-text'
import type { ReliabilityRow } from './lib/results'
import { recordRows } from './lib/results'

const GROUP = 'hostile-edges'
const AREA = 'Hostile edges (issue 28: text, bidi, slow clients, rates, route paths)'
const rows: ReliabilityRow[] = []
let server: FaultServer

beforeAll(async () => {
  server = await startFaultServer()
})
afterAll(async () => {
  await server.close()
  if (rows.length > 0) await recordRows(GROUP, rows)
})

/** Counts checks by what they had to come to; a row's `lost` lists the first failures. */
function tally() {
  const split = { served: 0, rejected: 0 }
  let tried = 0
  const problems: string[] = []
  return {
    check(ok: boolean, expected: 'served' | 'rejected', problem: string): void {
      tried += 1
      if (ok) split[expected] += 1
      else if (problems.length < 3) problems.push(problem)
    },
    row(id: string, name: string, outcome: string): ReliabilityRow {
      const passed = split.served + split.rejected
      const lost =
        passed === tried ? 'nothing' : `${tried - passed} failed, e.g. ${problems.join(' | ')}`
      return { id, area: AREA, case: name, tried, passed, split: { ...split }, lost, outcome }
    }
  }
}

type Operation = 'listLocations' | 'getResidentialPrice' | 'getLandPrice' | 'getGrowth'
const INPUTS = {
  listLocations: { sector: 'residential' },
  getResidentialPrice: { location: 'lekki-phase-1', countryCode: 'NG', type: 'sale', beds: '3' },
  getLandPrice: { location: 'ikoyi', countryCode: 'NG' },
  getGrowth: { location: 'ikoyi', countryCode: 'NG', sector: 'land' }
} as const
const PLACE = LOCATIONS.locations[0]
const LAND = { price: 25_000, currency: 'NGN', unit: 'sqm', location: 'ikoyi', country_code: 'NG' }

async function ask(operation: Operation, answer: unknown, message = 'Found.') {
  server.queue(json(200, { success: true, message, data: answer }))
  const { client } = makeClient(server.origin)
  try {
    const call = client[operation] as (input: unknown) => Promise<Result<unknown>>
    return await call(INPUTS[operation])
  } finally {
    await client.close()
  }
}

interface FieldCase {
  operation: Operation
  field: string
  limit: number
  /** The answer with `text` in the field. */
  answer: (text: string) => unknown
  /** A field a figure echoes from its request: any other text (even at its limit) is refused. */
  echoed?: boolean
}

const ECHOED = new Set(['beds', 'location', 'country_code'])

const place = (key: string) => (text: string) => ({
  sector: 'residential',
  locations: [{ ...PLACE, [key]: text }]
})
const FIELDS: FieldCase[] = [
  ...(['name', 'slug', 'city', 'country'] as const).map((key) => ({
    operation: 'listLocations' as const,
    field: `data.locations[0].${key}`,
    limit: TEXT_LIMITS.place,
    answer: place(key)
  })),
  {
    operation: 'listLocations',
    field: 'data.locations[0].country_code',
    limit: TEXT_LIMITS.code,
    answer: place('country_code')
  },
  {
    operation: 'listLocations',
    field: 'data.sector',
    limit: TEXT_LIMITS.short,
    answer: (sector) => ({ sector, locations: [] })
  },
  ...(
    [
      ['beds', TEXT_LIMITS.short],
      ['location', TEXT_LIMITS.place],
      ['country_code', TEXT_LIMITS.code],
      ['currency', TEXT_LIMITS.code]
    ] as const
  ).map(([key, limit]) => ({
    operation: 'getResidentialPrice' as const,
    field: `data.${key}`,
    limit,
    answer: (text: string) => ({ ...PRICE, [key]: text }),
    echoed: ECHOED.has(key)
  })),
  ...(
    [
      ['currency', TEXT_LIMITS.code],
      ['unit', TEXT_LIMITS.short],
      ['location', TEXT_LIMITS.place],
      ['country_code', TEXT_LIMITS.code]
    ] as const
  ).map(([key, limit]) => ({
    operation: 'getLandPrice' as const,
    field: `data.${key}`,
    limit,
    answer: (text: string) => ({ ...LAND, [key]: text }),
    echoed: ECHOED.has(key)
  }))
]

it('text-bounds: every over-long text field is refused naming it, every one at its limit served', async () => {
  const checks = tally()
  const letters = (length: number) => 'a'.repeat(length)
  for (const item of FIELDS) {
    const atLimit = await ask(item.operation, item.answer(letters(item.limit)))
    const notAsked = !atLimit.ok && atLimit.error.message.includes(`${item.field} (must be the`)
    checks.check(
      item.echoed ? notAsked : atLimit.ok,
      item.echoed ? 'rejected' : 'served',
      `${item.field} at ${item.limit}: ${JSON.stringify(atLimit)}`
    )
    const over = await ask(item.operation, item.answer(letters(item.limit + 1)))
    const named =
      !over.ok &&
      over.error.code === 'BAD_RESPONSE' &&
      over.error.message.includes(`${item.field} (must be at most ${item.limit} characters)`)
    checks.check(
      named,
      'rejected',
      `${item.field} over: ${over.ok ? 'served' : over.error.message}`
    )
  }
  for (const operation of Object.keys(INPUTS) as Operation[]) {
    const data = {
      listLocations: LOCATIONS,
      getResidentialPrice: PRICE,
      getLandPrice: LAND,
      getGrowth: { growth: 7.5, period: '2020-2025' }
    }[operation]
    const long = await ask(operation, data, letters(TEXT_LIMITS.message + 1))
    checks.check(
      !long.ok && long.error.message.includes('message (must be at most'),
      'rejected',
      `${operation} message: ${long.ok ? 'served' : long.error.message}`
    )
  }
  const period = await ask('getGrowth', { growth: 1, period: `2020-2025${' '.repeat(100_000)}` })
  checks.check(!period.ok && period.error.code === 'BAD_RESPONSE', 'rejected', 'long period')
  const huge = 7 * 1024 * 1024
  for (const [operation, answer] of [
    ['getResidentialPrice', { ...PRICE, currency: letters(huge) }],
    ['listLocations', place('name')(letters(huge))]
  ] as const) {
    const started = performance.now()
    const result = await ask(operation, answer)
    const ms = performance.now() - started
    checks.check(
      !result.ok && result.error.code === 'BAD_RESPONSE',
      'rejected',
      `7 MiB in ${operation}: ${result.ok ? 'served' : result.error.code} after ${ms.toFixed(0)} ms`
    )
  }
  const row = checks.row(
    'text-bounds',
    `${FIELDS.length} text fields at their limit and one over, a 1 KB+1 message on each of 4 operations, a 100 KB period, a 7 MiB currency and a 7 MiB name, through the client over HTTP`,
    `over-long: BAD_RESPONSE naming the field and its limit (places ${TEXT_LIMITS.place}, codes ${TEXT_LIMITS.code}, beds/units/sectors ${TEXT_LIMITS.short}, messages ${TEXT_LIMITS.message}); at the limit: served`
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
}, 120_000)

it('bidi-names: every bidi and control character in shown service text is replaced on entry', async () => {
  const checks = tally()
  const spoof = 'Ikoyi \u202E1 esahP ikkeL'
  const listed = await ask('listLocations', place('name')(spoof))
  const spoofName = listed.ok ? (listed.data as typeof LOCATIONS).locations[0]?.name : 'refused'
  checks.check(spoofName === 'Ikoyi \uFFFD1 esahP ikkeL', 'served', `spoof read ${spoofName}`)
  for (const control of HIDDEN_CONTROLS) {
    const text = `Lekki${control}Phase`
    const locations = await ask('listLocations', {
      sector: 'residential',
      locations: [{ ...PLACE, name: text, city: text, country: text }]
    })
    const land = await ask('getLandPrice', { ...LAND, currency: `N${control}N`, unit: text })
    const shown = [
      ...(locations.ok
        ? Object.values((locations.data as typeof LOCATIONS).locations[0] ?? {})
        : []),
      ...(land.ok ? Object.values(land.data as object) : [])
    ].filter((value): value is string => typeof value === 'string')
    for (const value of shown.filter((candidate) => candidate.includes('\uFFFD'))) {
      checks.check(!value.includes(control), 'served', `${JSON.stringify(control)} kept`)
    }
    checks.check(
      shown.filter((value) => value.includes('\uFFFD')).length === 5,
      'served',
      `${JSON.stringify(control)}: ${shown.length} fields, not 5 replaced`
    )
  }
  const row = checks.row(
    'bidi-names',
    `the Ikoyi/Lekki spoof, and each of ${HIDDEN_CONTROLS.length} controls (C0, C1, bidi embeddings, overrides, isolates) in a name, city, country, currency and unit`,
    'served with each control shown as U+FFFD: screen, report PDF and chart PNGs draw what the schemas passed'
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
}, 60_000)

it('slowloris: one address dripping 256 connections does not lock out anyone, and none is held past the header deadline', async () => {
  const checks = tally()
  const key = 'slowloris-key-41c2'
  const path = '/locations?sector=land'
  const limits = DEFAULT_SERVER_LIMITS
  const deadline = limits.headersTimeoutMs + 1_500
  const service = await startService({ apiKey: key })
  let ends: Awaited<ReturnType<typeof drip>>[] = []
  let elsewhere: number[] = []
  let after = 0
  try {
    const drips = Array.from({ length: limits.maxConnections }, () =>
      drip(service.port, { everyMs: 500, giveUpMs: limits.headersTimeoutMs * 3 })
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    elsewhere = await Promise.all(
      Array.from({ length: 10 }, () => getFrom(service.port, path, key, '127.0.0.2'))
    )
    ends = await Promise.all(drips)
    for (let attempt = 0; attempt < 20 && after !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      after = await getFrom(service.port, path, key, '127.0.0.1')
    }
  } finally {
    await service.close()
  }
  for (const status of elsewhere) checks.check(status === 200, 'served', `elsewhere ${status}`)
  const cap = limits.maxConnectionsPerAddress
  const atOnce = ends.filter((end) => end.closedByServer && end.afterMs < 1_000)
  const held = ends.filter((end) => !atOnce.includes(end))
  for (const end of atOnce) checks.check(end.status === 0, 'rejected', 'answered over the cap')
  for (const end of held) {
    const ok = end.closedByServer && end.status === 408 && end.afterMs <= deadline
    checks.check(ok, 'rejected', `held ${end.afterMs.toFixed(0)} ms, status ${end.status}`)
  }
  checks.check(atOnce.length === ends.length - cap, 'rejected', `${atOnce.length} closed at once`)
  checks.check(after === 200, 'served', `127.0.0.1 after: ${after}`)
  const slowest = Math.max(...held.map((end) => end.afterMs))
  const row = checks.row(
    'slowloris',
    `${ends.length} connections from 127.0.0.1 dripping a header line every 500 ms (default limits: ${limits.headersTimeoutMs / 1000} s for headers, ${cap} per address), 10 requests with the key from 127.0.0.2, then one from 127.0.0.1`,
    `${elsewhere.filter((status) => status === 200).length}/10 served elsewhere; ${atOnce.length} closed at once, ${held.length} answered 408 and closed by ${(slowest / 1000).toFixed(1)} s; 127.0.0.1 served again after`
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
}, 60_000)

it('currency-rates: rates that would show ∞ or 0, non-decimal text and future days are refused', () => {
  const checks = tally()
  const today = isoDay(new Date())
  const rate = { from: 'NGN', to: 'USD', rate: 0.0006, asOf: '2026-01-01' }
  const entry = rateEntrySchema(today)
  const typed = ['0x10', '0X1F', '0b11', '0o17', '1e3', '1e308', '5e-324', 'Infinity', 'NaN', '-1']
  const typedMore = ['+1', '1,5', '1 000', '١٢', '', ' ', '0.0000000001', '1000000001', '0']
  for (const text of [...typed, ...typedMore]) {
    const parsed = entry.safeParse({ ...rate, rate: parseRateText(text) })
    checks.check(!parsed.success, 'rejected', `typed ${JSON.stringify(text)} accepted`)
  }
  for (const value of [1e308, 5e-324, 1e-320, Number.MAX_VALUE, Number.MIN_VALUE, 1e10, 1e-10]) {
    const stored = ExchangeRateSchema.safeParse({ ...rate, rate: value })
    checks.check(!stored.success, 'rejected', `stored ${value} accepted`)
  }
  for (const day of ['2062-01-01', '9999-12-31', '2999-02-28']) {
    checks.check(!entry.safeParse({ ...rate, asOf: day }).success, 'rejected', `${day} accepted`)
    const current = { ...rate, rate: 0.0007, asOf: today }
    const found = findRate([{ ...rate, asOf: day }, current], 'NGN', 'USD')
    checks.check(found?.factor === 0.0007, 'served', `stored ${day} won over today's`)
  }
  for (const text of ['0.0006', '1600', '.5', '1000000000', '0.000000001', ' 12.5 ']) {
    const parsed = entry.safeParse({ ...rate, rate: parseRateText(text), asOf: today })
    checks.check(parsed.success, 'served', `typed ${JSON.stringify(text)} refused`)
  }
  const row = checks.row(
    'currency-rates',
    `${typed.length + typedMore.length} typed rates (hex, binary, octal, exponents, infinity, signs, separators, other digits, out of range), 7 stored extremes, 3 future days, 6 valid rates`,
    'non-decimal or outside 1e-9..1e9 refused; a future day refused when entered and never winning over today when stored; valid decimals served'
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
})

it('route-paths: encoded dot segments and slashes are refused, accepted paths stay under the base path', () => {
  const checks = tally()
  const dots = [
    '..',
    '.%2e',
    '%2e.',
    '%2e%2e',
    '.%2E',
    '%2E.',
    '%2E%2E',
    '%2e%2E',
    '.',
    '%2e',
    '%2E'
  ]
  const climbing = dots.flatMap((dot) => [
    `${dot}/locations`,
    `v1/${dot}/growth`,
    `/v1/${dot}/${dot}/locations`,
    `v1/${dot}`
  ])
  const slashes = [
    'v1%2f..%2flocations',
    'v1/%2e%2e%2Flocations',
    'a%5c..%5cb',
    'v1/%zz',
    'v1/%e0%a4'
  ]
  for (const path of [...climbing, ...slashes]) {
    checks.check(routePathProblem(path) !== undefined, 'rejected', `${path} accepted`)
  }
  const base = 'https://api.example.com/api/v1/'
  const fine = ['locations', 'v2/growth', 'land-prices', '%7Eme/a..b', '..x/y', 'x../y', 'a.b/c']
  for (const path of fine) {
    const url = routeUrl(base, path)
    const ok = routePathProblem(path) === undefined && url.pathname.startsWith('/api/v1/')
    checks.check(ok, 'served', `${path} → ${url.pathname}`)
  }
  const row = checks.row(
    'route-paths',
    `${climbing.length} paths with . or .. segments in every percent-encoded form and position, ${slashes.length} with encoded slashes or broken escapes, ${fine.length} ordinary paths`,
    'every dot segment refused however it is encoded; accepted paths join under the base path'
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
})
