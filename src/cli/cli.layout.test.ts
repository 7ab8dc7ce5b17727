/**
 * The CLI against the provider's layout (`npm run service -- --layout provider`) given only
 * --base-url: discovery finds the routes, remembers them per base URL in the config folder, and
 * a missing route is UNSUPPORTED_ROUTE naming the path, never "no data".
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startService } from '../service'
import type { RunningService } from '../service'
import { EXIT_CODES } from './exit-codes'
import { CONFIG_DIR_ENV, openRouteMemory, ROUTES_FILE } from './route-memory'
import { runCliCaptured } from '../../test/support/cli/run-cli'

const KEY = 'cli-layout-key-2b7e91'
let provider: RunningService
let dir: string
beforeAll(async () => {
  provider = await startService({ apiKey: KEY, layout: 'provider' })
  dir = mkdtempSync(join(tmpdir(), 'market-cli-layout-'))
})
afterAll(async () => {
  await provider.close()
  rmSync(dir, { recursive: true, force: true })
})

const inMemory = { MARKET_API_KEY: KEY }

describe('--layout auto (the default) against the provider layout', () => {
  it.each([
    ['locations', ['locations', '--sector', 'residential']],
    ['price', ['price', '--location', 'lekki-phase-1', '--type', 'sale', '--beds', '3']],
    [
      'growth (residential)',
      [
        'growth',
        '--location',
        'lekki-phase-1',
        '--sector',
        'residential',
        '--type',
        'sale',
        '--beds',
        '3'
      ]
    ],
    ['growth (land)', ['growth', '--location', 'ikoyi', '--sector', 'land']],
    ['land-price', ['land-price', '--location', 'ikoyi']]
  ])('%s succeeds given only --base-url', async (_name, argv) => {
    const run = await runCliCaptured([...argv, '--base-url', provider.baseUrl, '--json'], inMemory)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toBeTypeOf('object')
  })

  it('--country-code is accepted as --country', async () => {
    const argv = [
      'land-price',
      '--location',
      'ikoyi',
      '--country-code',
      'NG',
      '--base-url',
      provider.baseUrl
    ]
    expect((await runCliCaptured(argv, inMemory)).code).toBe(0)
    const both = await runCliCaptured([...argv, '--country', 'NG'], inMemory)
    expect(both.code).toBe(EXIT_CODES.INVALID_INPUT)
    expect(both.stderr).toMatch(/same option/)
  })

  it('an unknown bed type still fails with NOT_FOUND', async () => {
    const argv = ['price', '--location', 'lekki-phase-1', '--type', 'sale', '--beds', '9']
    const run = await runCliCaptured([...argv, '--base-url', provider.baseUrl], inMemory)
    expect(run.code).toBe(EXIT_CODES.NOT_FOUND)
    expect(run.stderr).toMatch(/^error \[NOT_FOUND\]/)
  })

  it('remembers the layout found per base URL in the config folder, never the key', async () => {
    const env = { ...inMemory, [CONFIG_DIR_ENV]: dir }
    const doctor = await runCliCaptured(['doctor', '--base-url', provider.baseUrl], env)
    expect(doctor.code).toBe(0)
    expect(doctor.stdout).toMatch(/getResidentialPrice\s+v1\/residential-prices\s+query\s+works/)
    expect(doctor.stderr).toMatch(/^health: .*answered the locations route in \d+ ms/m)
    const text = readFileSync(join(dir, ROUTES_FILE), 'utf8')
    expect(text).not.toContain(KEY)
    expect(openRouteMemory(dir).recall(provider.baseUrl)?.routes.getLandPrice.path).toBe(
      'v1/land-prices'
    )
    // Next run: the remembered layout is used at once.
    const price = ['price', '--location', 'lekki-phase-1', '--type', 'rent', '--beds', '2']
    expect((await runCliCaptured([...price, '--base-url', provider.baseUrl], env)).code).toBe(0)
  })

  it('a config folder that cannot be used: discovery each run, the command still works', async () => {
    const file = join(dir, 'plain-file')
    writeFileSync(file, 'not a folder')
    const env = { ...inMemory, [CONFIG_DIR_ENV]: join(file, 'cli') }
    const run = await runCliCaptured(
      ['land-price', '--location', 'ikoyi', '--base-url', provider.baseUrl],
      env
    )
    expect(run.code).toBe(0)
  })
})

describe('an explicit layout', () => {
  it('--layout provider works without discovery', async () => {
    const argv = ['growth', '--location', 'ikoyi', '--sector', 'land', '--layout', 'provider']
    expect((await runCliCaptured([...argv, '--base-url', provider.baseUrl], inMemory)).code).toBe(0)
  })

  it('--layout spec against the provider: UNSUPPORTED_ROUTE naming the path', async () => {
    const argv = ['price', '--location', 'lekki-phase-1', '--type', 'sale', '--beds', '3']
    const run = await runCliCaptured(
      [...argv, '--layout', 'spec', '--base-url', provider.baseUrl],
      inMemory
    )
    expect(run.code).toBe(EXIT_CODES.UNSUPPORTED_ROUTE)
    expect(run.stderr).toMatch(/^error \[UNSUPPORTED_ROUTE\]: .*\/residential-prices.*doctor/)
    expect(run.stderr).not.toMatch(/no data/i)
  })

  it('--layout is for your own service only', async () => {
    const run = await runCliCaptured(['locations', '--sector', 'land', '--layout', 'provider'])
    expect(run.code).toBe(EXIT_CODES.INVALID_INPUT)
  })
})
