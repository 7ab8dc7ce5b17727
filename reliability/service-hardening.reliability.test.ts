/**
 * The embedded service under what broke it before (issue 12, items 20, 20.1, 24, 25):
 * - thousands of distinct URLs against a 50k-location dataset in a child with a constrained heap
 *   (each /locations variation used to cache another ~5 MB answer until the heap ran out);
 * - connections over the cap; wrong keys of the right length;
 * - the CLI's key forms (the --api-key flag warns, MARKET_API_KEY stays out of `ps`);
 * - every failure below the routes answered with the JSON envelope.
 * Rows are recorded only after their checks pass.
 */
import { setTimeout as delay } from 'node:timers/promises'
import { Client } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceApp, DEFAULT_SERVER_LIMITS, startService } from '../src/service/server'
import { DEFAULT_ANSWER_CACHE_LIMITS } from '../src/service/answer-cache'
import { EDGE_CASES, EDGE_PATHS, edgeReplyProblems } from '../test/support/service/http-edge-cases'
import type { EdgeCase } from '../test/support/service/http-edge-cases'
import { rawExchange } from '../test/support/service/raw-http'
import type { RawReply } from '../test/support/service/raw-http'
import type { ReliabilityRow } from './lib/results'
import { recordRows } from './lib/results'
import { locationsVariant, runDistinctLoad } from './support/distinct-load'
import type { LoadRequest } from './support/distinct-load'
import { startForkedService } from './support/forked-service'
import type { ChildMemory, ForkedService } from './support/forked-service'
import { runServiceCli } from './support/service-cli'
import { createTally } from './support/tally'

const GROUP = 'service-hardening'
const KEY = 'hardening-key-5d21'
const LOCATIONS = 50_000
const HEAP_LIMIT_MB = 384
/** Enough distinct small answers to fill the 64 MiB cache, so that it has to evict. */
const SMALL_URLS = Number(process.env['RELIABILITY_HARDENING_URLS'] ?? 80_000)
const LOCATIONS_VARIANTS = 300
const CONNECTIONS = 8
/** Heap growth allowed over the loaded dataset: the cache's bound plus room for one answer in flight. */
const HEAP_GROWTH_BOUND_MB = DEFAULT_ANSWER_CACHE_LIMITS.maxBytes / 1024 / 1024 + 32
const rows: ReliabilityRow[] = []
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1)

afterAll(async () => {
  if (rows.length > 0) await recordRows(GROUP, rows)
})

describe('distinct URLs on the 50k dataset, constrained heap', () => {
  let service: ForkedService
  beforeAll(async () => {
    service = await startForkedService({
      key: KEY,
      locations: LOCATIONS,
      paths: SMALL_URLS,
      heapLimitMb: HEAP_LIMIT_MB
    })
  }, 120_000)
  afterAll(() => service.stop())

  it(`answers ${SMALL_URLS.toLocaleString('en-US')} distinct small URLs and ${LOCATIONS_VARIANTS} /locations variations with heap and cache bounded`, async () => {
    const baseline = await service.memory()
    const firstBodies = new Map<string, string>()
    const small: LoadRequest[] = service.paths.map((path) => ({
      path,
      check: (status, body) =>
        status === 200 && body.startsWith('{"success":true') ? undefined : `status ${status}`
    }))
    // The /locations variations come first, in a block: interleaved with small answers, a cache
    // that empties itself every 5,000 entries happened to survive them.
    const variants = Array.from({ length: LOCATIONS_VARIANTS }, (_, index) =>
      locationsVariant(index, firstBodies)
    )
    const third = Math.ceil(small.length / 3)
    const batches = [
      variants,
      small.slice(0, third),
      small.slice(third, 2 * third),
      small.slice(2 * third)
    ]
    const requests = batches.flat()
    const samples: ChildMemory[] = []
    const totals = { tried: 0, passed: 0, transportErrors: 0, problems: [] as string[] }
    for (const batch of batches) {
      if (service.exit() !== undefined) break
      const outcome = await runDistinctLoad(service.baseUrl, KEY, batch, CONNECTIONS)
      totals.tried += outcome.tried
      totals.passed += outcome.passed
      totals.transportErrors += outcome.transportErrors
      totals.problems.push(...outcome.problems.slice(0, 3 - totals.problems.length))
      if (service.exit() === undefined) samples.push(await service.memory())
    }
    const peakHeap = Math.max(...samples.map((sample) => sample.usage.heapUsed))
    const peakCache = Math.max(...samples.map((sample) => sample.cache.bytes))
    const growth = (peakHeap - baseline.usage.heapUsed) / 1024 / 1024
    const last = samples.at(-1)

    expect(service.exit(), 'the service child died').toBeUndefined()
    expect(totals.problems).toEqual([])
    expect(totals).toMatchObject({
      tried: requests.length,
      passed: requests.length,
      transportErrors: 0
    })
    expect(samples).toHaveLength(batches.length)
    expect(peakCache).toBeLessThanOrEqual(DEFAULT_ANSWER_CACHE_LIMITS.maxBytes)
    expect(last?.cache.evicted).toBeGreaterThan(0)
    expect(growth).toBeLessThan(HEAP_GROWTH_BOUND_MB)
    rows.push({
      id: 'answer-cache',
      area: 'Service hardening: answer cache (50k locations, own process)',
      case: `${requests.length.toLocaleString('en-US')} distinct URLs (${LOCATIONS_VARIANTS} /locations variations of 3.7-5.5 MB answers, in query, body and /v1), ${CONNECTIONS} connections, --max-old-space-size=${HEAP_LIMIT_MB}`,
      tried: totals.tried,
      passed: totals.passed,
      split: { served: totals.passed, rejected: 0 },
      lost: 'nothing',
      outcome: `all 200, no crash; heap ${mb(baseline.usage.heapUsed)} MB loaded → peak ${mb(peakHeap)} MB (growth ${growth.toFixed(1)} MB, bound ${HEAP_GROWTH_BOUND_MB} MB); cache peak ${mb(peakCache)} of ${mb(DEFAULT_ANSWER_CACHE_LIMITS.maxBytes)} MiB, ${last?.cache.entries ?? 0} entries at the end, ${last?.cache.evicted ?? 0} evicted`
    })
  }, 600_000)
})

describe('connections over the cap', () => {
  it('refuses connections beyond the cap at once, keeps serving the held ones, and serves again when they close', async () => {
    const cap = DEFAULT_SERVER_LIMITS.maxConnections
    const extra = 40
    // All from 127.0.0.1: the per-address cap is measured in the hostile-edges group.
    const service = await startService({ apiKey: KEY, limits: { maxConnectionsPerAddress: cap } })
    const clients: Client[] = []
    const request = `GET /locations?sector=land HTTP/1.1\r\nHost: 127.0.0.1\r\nAPI-KEY: ${KEY}\r\nConnection: close\r\n\r\n`
    const served = async (client: Client): Promise<boolean> => {
      const response = await client.request({
        method: 'GET',
        path: '/locations?sector=land',
        headers: { 'api-key': KEY }
      })
      await response.body.dump()
      return response.statusCode === 200
    }
    let held = 0
    let refused = 0
    let heldAgain = 0
    let after = 0
    try {
      for (let index = 0; index < cap; index += 1) {
        const client = new Client(service.baseUrl, {
          keepAliveTimeout: 60_000,
          keepAliveMaxTimeout: 60_000
        })
        clients.push(client)
        if (await served(client)) held += 1
      }
      const overCap = await Promise.all(
        Array.from({ length: extra }, () => rawExchange(service.port, [request], 15_000))
      )
      refused = overCap.filter((reply) => reply.status === 0 && reply.ended !== 'waited out').length
      for (const client of clients) if (await served(client)) heldAgain += 1
      await Promise.all(clients.splice(0).map((client) => client.close()))
      for (let index = 0; index < extra; index += 1) {
        for (let attempt = 0; attempt < 50; attempt += 1) {
          if ((await rawExchange(service.port, [request])).status === 200) {
            after += 1
            break
          }
          await delay(100)
        }
      }
    } finally {
      await Promise.all(clients.map((client) => client.destroy()))
      await service.close()
    }
    expect({ held, refused, heldAgain, after }).toEqual({
      held: cap,
      refused: extra,
      heldAgain: cap,
      after: extra
    })
    rows.push({
      id: 'connection-cap',
      area: 'Service hardening: connection cap',
      case: `${cap} keep-alive connections held (the cap), ${extra} more at once, then ${extra} after the held ones close`,
      tried: cap + extra + cap + extra,
      passed: held + refused + heldAgain + after,
      split: { served: held + heldAgain + after, rejected: refused },
      lost: 'nothing',
      outcome: `${held} held served; ${refused} over the cap closed at once with no answer and no hang; held ones served again; ${after} served once they closed`
    })
  }, 240_000)
})

describe('the API key', () => {
  it('rejects wrong keys of the right length and of other lengths; accepts the right one', async () => {
    const app = createServiceApp({ apiKey: KEY })
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-'
    let seed = 12_345
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const keyOf = (length: number): string =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
    const sameLength = Array.from({ length: 500 }, (_, index) =>
      index < KEY.length
        ? `${KEY.slice(0, index)}${KEY[index] === 'x' ? 'y' : 'x'}${KEY.slice(index + 1)}`
        : keyOf(KEY.length)
    ).filter((key) => key !== KEY)
    const otherLengths = Array.from({ length: 100 }, (_, index) => keyOf(1 + (index % 64))).filter(
      (key) => key !== KEY
    )
    let rejected = 0
    for (const key of [...sameLength, ...otherLengths]) {
      const response = await app.inject({
        method: 'GET',
        url: '/locations?sector=land',
        headers: { 'api-key': key }
      })
      if (
        response.statusCode === 401 &&
        response.json<{ error: { code: string } }>().error.code === 'UNAUTHORIZED'
      )
        rejected += 1
    }
    const right = await app.inject({
      method: 'GET',
      url: '/locations?sector=land',
      headers: { 'api-key': KEY }
    })
    await app.close()
    const tried = sameLength.length + otherLengths.length + 1
    const passed = rejected + (right.statusCode === 200 ? 1 : 0)
    expect(passed).toBe(tried)
    rows.push({
      id: 'key-check',
      area: 'Service hardening: API key check',
      case: `${sameLength.length} wrong keys of the right length (each position changed, then random), ${otherLengths.length} of other lengths, the right key`,
      tried,
      passed,
      split: { served: passed - rejected, rejected },
      lost: 'nothing',
      outcome:
        'every wrong key 401 UNAUTHORIZED, the right key 200; compared with timingSafeEqual over the expected key bytes, whatever the supplied length'
    })
  })
})

describe('npm run service key forms', () => {
  it('--api-key warns once without printing the key; MARKET_API_KEY serves, stays silent and out of every process command line', async () => {
    const secret = 'cli-hardening-secret-9f1e'
    const viaFlag = await runServiceCli(['--port', '0', '--api-key', secret], {}, secret)
    const viaEnv = await runServiceCli(['--port', '0'], { MARKET_API_KEY: secret }, secret)
    const flagOk =
      viaFlag.served &&
      viaFlag.warnings.length === 1 &&
      /MARKET_API_KEY/.test(viaFlag.warnings[0] ?? '') &&
      !viaFlag.printedKey
    const envOk =
      viaEnv.served &&
      viaEnv.warnings.length === 0 &&
      !viaEnv.printedKey &&
      viaEnv.commandLinesWithKey === 0
    expect({ viaFlag, viaEnv }).toMatchObject({
      viaFlag: {
        served: true,
        printedKey: false,
        warnings: [expect.stringMatching(/MARKET_API_KEY/)]
      },
      viaEnv: { served: true, printedKey: false, warnings: [], commandLinesWithKey: 0 }
    })
    rows.push({
      id: 'cli-key',
      area: 'Service hardening: CLI key',
      case: '--api-key KEY, and MARKET_API_KEY=KEY (key checked in stdout, stderr and /proc/*/cmdline)',
      tried: 2,
      passed: Number(flagOk) + Number(envOk),
      lost: 'nothing',
      outcome: `flag: served, one warning line, key never printed (key in ${viaFlag.commandLinesWithKey} command lines, which is why it warns); env: served, no warning, key printed nowhere and in no command line (${viaEnv.processesScanned} processes scanned)`
    })
  }, 120_000)
})

describe('failures below the routes', () => {
  it('answers every one with the envelope and the right status, on every route', async () => {
    const service = await startService({
      apiKey: KEY,
      limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500 }
    })
    const tally = createTally('Service hardening: envelope for every failure')
    const add = (edge: EdgeCase, path: string, reply: RawReply): void => {
      const problems = edgeReplyProblems(edge, reply)
      tally.add(
        'failures-below-routes',
        `${edge.expected.status} ${edge.expected.code ?? 'success'}`,
        edge.expected.status < 400 ? 'served' : 'rejected',
        problems.length ? `${edge.name} ${path}: ${problems.join(', ')}` : undefined
      )
    }
    try {
      for (const edge of EDGE_CASES.filter((candidate) => !candidate.slow)) {
        for (const path of EDGE_PATHS)
          add(edge, path, await rawExchange(service.port, edge.chunks(path, KEY)))
      }
      const slow = EDGE_CASES.filter((candidate) => candidate.slow).flatMap((edge) =>
        EDGE_PATHS.map((path) => ({ edge, path }))
      )
      const replies = await Promise.all(
        slow.map(async ({ edge, path }) => ({
          edge,
          path,
          reply: await rawExchange(service.port, edge.chunks(path, KEY), 15_000)
        }))
      )
      for (const { edge, path, reply } of replies) add(edge, path, reply)
    } finally {
      await service.close()
    }
    const edgeRows = tally
      .rows(
        `; ${EDGE_CASES.length} cases, each on the ${EDGE_PATHS.length} route paths, raw HTTP/1.1`
      )
      .map((row) => ({
        ...row,
        case: 'every failure below the routes (content types, bodies, framing, size limits, methods, timeouts)'
      }))
    expect(edgeRows.reduce((sum, row) => sum + row.tried, 0)).toBe(
      EDGE_CASES.length * EDGE_PATHS.length
    )
    expect(edgeRows.filter((row) => row.passed !== row.tried)).toEqual([])
    rows.push(...edgeRows)
  }, 120_000)
})
