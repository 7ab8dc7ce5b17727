/**
 * The CLI against a standalone service (startService) with a known key in MARKET_API_KEY:
 * values equal the service's own answers; errors map to their exit codes; the key never shows.
 */
import { randomBytes } from 'node:crypto'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startService } from '../service'
import { ILLUSTRATIVE_NOTICE } from '../service/data/generate'
import type { RunningService } from '../service'
import { EXIT_CODES } from './exit-codes'
import { runCliCaptured } from '../../test/support/cli/run-cli'
import { tableRows } from '../../test/support/cli/cli-output'
import { startSilentTcpServer, unusedPort } from '../../test/support/net/loopback'
import { parseCsv } from '../../test/support/shared/hostile-text'

const KEY = `sk-cli-${randomBytes(12).toString('hex')}-SECRET`
const WRONG_KEY = `sk-wrong-${randomBytes(12).toString('hex')}-SECRET`

let service: RunningService
let remote: string[]

beforeAll(async () => {
  service = await startService({ apiKey: KEY })
  remote = ['--base-url', service.baseUrl]
})
afterAll(() => service.close())

/** The service's own answer (the envelope's data), fetched directly over HTTP. */
async function direct(path: string, query: Record<string, string>): Promise<unknown> {
  const response = await request(`${service.baseUrl}/${path}?${new URLSearchParams(query)}`, {
    headers: { 'api-key': KEY }
  })
  const body = (await response.body.json()) as { success: boolean; data: unknown }
  expect(body.success).toBe(true)
  return body.data
}

function expectNoKey(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(KEY)
    expect(text).not.toContain(WRONG_KEY)
    expect(text).not.toContain('SECRET')
  }
}

describe('remote mode with MARKET_API_KEY', () => {
  const env = { MARKET_API_KEY: KEY }

  it('every command answers what the service answers', async () => {
    const cases: [string[], string, Record<string, string>][] = [
      [['locations', '--sector', 'residential'], 'locations', { sector: 'residential' }],
      [
        ['price', '--location', 'ikoyi', '--type', 'sale', '--beds', '4'],
        'residential-prices',
        { location: 'ikoyi', country_code: 'NG', type: 'sale', beds: '4' }
      ],
      [
        [
          'growth',
          '--location',
          'osu:GH',
          '--sector',
          'residential',
          '--type',
          'rent',
          '--beds',
          '3'
        ],
        'growth',
        { location: 'osu', country_code: 'GH', sector: 'residential', type: 'rent', beds: '3' }
      ],
      [['land-price', '--location', 'epe'], 'land-prices', { location: 'epe', country_code: 'NG' }]
    ]
    for (const [args, path, query] of cases) {
      const run = await runCliCaptured([...args, ...remote, '--json'], env)
      expect(run.code, run.stderr).toBe(0)
      expect(run.stderr).toBe('')
      const answer = await direct(path, query)
      // growth says what its figure is: the same words as the app's labels.
      const expected =
        path === 'growth' ? { ...(answer as object), growth_is: 'avg per year' } : answer
      expect(JSON.parse(run.stdout)).toEqual(expected)
    }
  })

  it("the table has no demo notice in remote mode, but this service's own illustrative notice", async () => {
    const run = await runCliCaptured(['locations', '--sector', 'land', ...remote], env)
    expect(run.code).toBe(0)
    // startService serves the bundled dataset, whose answers say it is illustrative.
    expect(run.stderr).toBe(`note: the service says: ${ILLUSTRATIVE_NOTICE}\n`)
    expect(run.stdout).toContain('lekki-phase-1')
  })

  it('--param-placement body sends a JSON body on GET (and still gets the same answer)', async () => {
    const args = ['price', '--location', 'yaba', '--type', 'rent', '--beds', '2', ...remote]
    const run = await runCliCaptured(
      [...args, '--param-placement', 'body', '--json', '--verbose'],
      env
    )
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(
      await direct('residential-prices', {
        location: 'yaba',
        country_code: 'NG',
        type: 'rent',
        beds: '2'
      })
    )
    const logs = run.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logs.find((line) => line['message'] === 'service request')).toMatchObject({
      placement: 'body',
      status: 200
    })
    expectNoKey(run.stdout, run.stderr)
  })

  it('compare: CSV values equal the service, a missing bed fails only its row', async () => {
    const run = await runCliCaptured(
      [
        'compare',
        '--locations',
        'kilimani:KE,karen:KE',
        '--beds',
        '1,2',
        '--type',
        'sale',
        '--csv',
        ...remote
      ],
      env
    )
    expect(run.code).toBe(EXIT_CODES.NOT_FOUND) // kilimani has no 1-bed data
    const rows = parseCsv(run.stdout)
    expect(rows[0]).toEqual([
      'location',
      'country_code',
      'beds',
      'bed_type',
      'currency',
      'sale',
      'sale_growth_avg_per_year',
      'growth_period'
    ])
    expect(rows[1]).toEqual(['kilimani', 'KE', '1', '1 bed / self-contained', '', '', '', ''])
    for (const row of rows.slice(2)) {
      const [location = '', country = '', beds = ''] = row
      const place = { location, country_code: country, beds }
      const price = (await direct('residential-prices', { ...place, type: 'sale' })) as {
        price: number
        currency: string
      }
      const growth = (await direct('growth', {
        ...place,
        sector: 'residential',
        type: 'sale'
      })) as { growth: number; period: string }
      expect(row.slice(4)).toEqual([
        price.currency,
        String(price.price),
        String(growth.growth),
        growth.period
      ])
    }
    expect(run.stderr).toMatch(
      /^note \[NOT_FOUND\]: kilimani:KE beds 1 \(sale price, sale growth\)/
    )
  })
})

describe('remote mode errors', () => {
  it('a wrong key exits with AUTH (4), says so on one line, and neither key appears', async () => {
    for (const extra of [[], ['--verbose'], ['--json']]) {
      const run = await runCliCaptured(['locations', '--sector', 'land', ...remote, ...extra], {
        MARKET_API_KEY: WRONG_KEY
      })
      expect(run.code).toBe(EXIT_CODES.AUTH)
      expect(run.stdout).toBe('')
      const errors = run.stderr.split('\n').filter((line) => line.startsWith('error'))
      expect(errors).toEqual([
        expect.stringMatching(/^error \[AUTH\]: .*Invalid API key.*MARKET_API_KEY\.$/)
      ])
      expect(run.stderr.endsWith(`${errors[0] ?? ''}\n`)).toBe(true)
      if (extra[0] === '--verbose') expect(run.stderr).toContain('"status":401')
      expectNoKey(run.stdout, run.stderr)
    }
  })

  it('compare with a wrong key: cells —, notes and the AUTH summary, exit 4, no key', async () => {
    const run = await runCliCaptured(
      ['compare', '--locations', 'ikoyi,yaba', '--beds', '2,3', ...remote, '--verbose'],
      {
        MARKET_API_KEY: WRONG_KEY
      }
    )
    expect(run.code).toBe(EXIT_CODES.AUTH)
    expect(tableRows(run.stdout).map((row) => row.slice(5))).toEqual(
      Array.from({ length: 4 }, () => Array.from({ length: 6 }, () => '—'))
    )
    // The key refused, the lookups not sent yet are not sent (they answer AUTH too): only those
    // in flight went.
    expect(run.stderr).toMatch(
      /^note \[AUTH\]: ikoyi:NG beds 2 .*The service rejected the API key/m
    )
    expect(run.stderr).toMatch(
      /error \[AUTH\]: \d+ of 16 lookups failed and \d+ were not sent; their cells show —/
    )
    const sent = run.stderr.split('\n').filter((line) => line.includes('"service request"'))
    expect(sent.length).toBeGreaterThanOrEqual(1)
    expect(sent.length).toBeLessThanOrEqual(6)
    expectNoKey(run.stdout, run.stderr)
  })

  it('--base-url without MARKET_API_KEY exits NOT_CONFIGURED (3) and names the variable', async () => {
    for (const env of [{}, { MARKET_API_KEY: '' }, { MARKET_API_KEY: '   ' }]) {
      const run = await runCliCaptured(['locations', '--sector', 'land', ...remote], env)
      expect(run.code).toBe(EXIT_CODES.NOT_CONFIGURED)
      expect(run.stderr).toMatch(
        /^error \[NOT_CONFIGURED\]: No API key: set the MARKET_API_KEY environment variable/
      )
    }
  })

  it('the key in the environment stays out of the output even in demo mode with --verbose', async () => {
    const run = await runCliCaptured(
      ['price', '--location', 'ikoyi', '--type', 'rent', '--beds', '9', '--verbose'],
      {
        MARKET_API_KEY: KEY
      }
    )
    expect(run.code).toBe(EXIT_CODES.NOT_FOUND)
    expectNoKey(run.stdout, run.stderr)
  })

  it('a refused connection exits NETWORK (9) with a hint at --base-url', async () => {
    const closed = await unusedPort()
    const run = await runCliCaptured(
      ['locations', '--sector', 'land', '--base-url', `http://127.0.0.1:${closed}`],
      {
        MARKET_API_KEY: KEY
      }
    )
    expect(run.code).toBe(EXIT_CODES.NETWORK)
    expect(run.stderr).toMatch(/^error \[NETWORK\]: .*--base-url/)
    expectNoKey(run.stderr)
  })

  it('a service that never answers exits TIMEOUT (10) within --timeout-ms and its retries', async () => {
    const silent = await startSilentTcpServer()
    try {
      const started = Date.now()
      const run = await runCliCaptured(
        ['locations', '--sector', 'land', '--base-url', silent.origin, '--timeout-ms', '200'],
        { MARKET_API_KEY: KEY }
      )
      expect(run.code).toBe(EXIT_CODES.TIMEOUT)
      expect(run.stderr).toMatch(/^error \[TIMEOUT\]: .*--timeout-ms/)
      expect(Date.now() - started).toBeLessThan(10_000)
    } finally {
      await silent.close()
    }
  })
})
