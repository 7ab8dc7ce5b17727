/** Arguments: help texts, usage errors (exit 2, one clear line) and the temporary userData folder. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@shared/result'
import { COMMANDS } from './commands'
import { EXIT_CODES } from './exit-codes'
import { runCliCaptured } from '../../test/support/cli/run-cli'

describe('--help', () => {
  it('lists every command, the key variable and every exit code with its number', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const run = await runCliCaptured(argv)
      expect(run.code).toBe(0)
      expect(run.stderr).toBe('')
      for (const command of COMMANDS) expect(run.stdout).toContain(`  ${command.name}  `)
      expect(run.stdout).toMatch(/MARKET_API_KEY/)
      expect(run.stdout).toMatch(/never from a flag[\s\S]{0,80}visible to other users in ps/)
      expect(run.stdout).toMatch(/^ {3}0 {2}OK /m)
      for (const code of ERROR_CODES) {
        expect(run.stdout).toMatch(new RegExp(`^ *${EXIT_CODES[code]} {2}${code} `, 'm'))
      }
    }
  })

  it('per command: its usage, options and the exit codes', async () => {
    for (const command of COMMANDS) {
      for (const argv of [
        [command.name, '--help'],
        ['help', command.name]
      ]) {
        const run = await runCliCaptured(argv)
        expect(run.code).toBe(0)
        expect(run.stdout).toContain(`Usage: npm run cli -- ${command.usage}`)
        for (const option of command.options) expect(run.stdout).toContain(`--${option}`)
        expect(run.stdout).toMatch(/^ {2}13 {2}CANCELLED /m)
      }
    }
  })
})

describe('usage errors exit 2 with one clear line and a hint', () => {
  const cases: [string[], RegExp][] = [
    [[], /No command given; commands: locations, price, growth, land-price, compare, doctor\./],
    [['prices'], /Unknown command "prices"/],
    [['locations'], /--sector is required\./],
    [['locations', '--sector', 'house'], /--sector must be residential or land, not "house"\./],
    [['locations', '--sector'], /Option '--sector <value>' argument missing\./],
    [['locations', '--sector', 'land', '--nope'], /Unknown option '--nope'\./],
    [['locations', '--sector', 'land', '--beds', '2'], /--beds is not an option of locations\./],
    [['locations', '--sector', 'land', 'extra'], /Unexpected argument "extra"/],
    [
      ['price', '--location', 'Ikoyi', '--type', 'rent', '--beds', '2'],
      /--location got "Ikoyi", which is not a lower-case hyphenated slug/
    ],
    [
      ['price', '--location', 'ikoyi', '--type', 'lease', '--beds', '2'],
      /--type must be rent or sale, not "lease"/
    ],
    [
      ['price', '--location', 'ikoyi', '--type', 'rent', '--beds', '2,3'],
      /--beds takes one bed type here/
    ],
    [
      ['price', '--location', 'ikoyi', '--type', 'rent', '--beds', 'x'.repeat(33)],
      /--beds takes bed types of at most 32 characters/
    ],
    [
      ['price', '--location', 'ikoyi', '--country', 'NGA', '--type', 'rent', '--beds', '2'],
      /--country must be a two-letter ISO 3166-1 country code/
    ],
    [
      ['growth', '--location', 'ikoyi', '--sector', 'residential'],
      /--type is required for residential growth \(rent or sale\); --beds is required/
    ],
    [
      ['growth', '--location', 'ikoyi', '--sector', 'land', '--type', 'rent'],
      /--type applies to residential growth only/
    ],
    [
      ['compare', '--locations', 'ikoyi,x:GHA', '--beds', '2'],
      /--locations got "x:GHA", whose country is not a two-letter code/
    ],
    [
      ['compare', '--locations', ',', '--beds', '2'],
      /--locations needs at least one location slug/
    ],
    [['compare', '--locations', 'ikoyi', '--beds', ','], /--beds needs at least one bed type/],
    [
      ['compare', '--locations', 'ikoyi', '--beds', '2', '--type', 'all'],
      /--type must be rent, sale or both, not "all"/
    ],
    [
      ['compare', '--locations', 'ikoyi', '--beds', '2', '--rent-period', 'week'],
      /--rent-period must be year or month/
    ],
    [
      ['locations', '--sector', 'land', '--demo', '--base-url', 'https://api.example.com'],
      /--demo and --base-url exclude each other/
    ],
    [
      ['locations', '--sector', 'land', '--base-url', 'http://api.example.com'],
      /--base-url must use https/
    ],
    [
      ['locations', '--sector', 'land', '--param-placement', 'body'],
      /--param-placement applies to your own service only/
    ],
    [
      [
        'locations',
        '--sector',
        'land',
        '--base-url',
        'https://a.example',
        '--param-placement',
        'header'
      ],
      /--param-placement must be query, body or both/
    ],
    [
      ['locations', '--sector', 'land', '--timeout-ms', '10s'],
      /--timeout-ms takes a whole number of milliseconds/
    ],
    [
      ['locations', '--sector', 'land', '--timeout-ms', '50'],
      /--timeout-ms must be at least 100 ms/
    ],
    [['locations', '--sector', 'land', '--json', '--csv'], /--json and --csv exclude each other/]
  ]

  it.each(cases)('%j', async (argv, message) => {
    const run = await runCliCaptured(argv)
    expect(run.code).toBe(EXIT_CODES.INVALID_INPUT)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      /^error \[INVALID_INPUT\]: [^\n]+ Run "npm run cli -- [a-z- ]*--help" for usage\.\n$/
    )
    expect(run.stderr).toMatch(message)
  })

  it('names the command in the hint when one was given', async () => {
    const run = await runCliCaptured(['compare', '--beds', '2'])
    expect(run.stderr).toMatch(/--locations is required\. Run "npm run cli -- compare --help"/)
  })

  it('an API key flag does not exist (keys in argv leak to ps)', async () => {
    const run = await runCliCaptured(['locations', '--sector', 'land', '--api-key', 'sk-123'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/Unknown option '--api-key'/)
    expect(run.stderr).not.toContain('sk-123')
  })
})

describe('userData', () => {
  it('each run uses a temporary folder and removes it at exit', async () => {
    const previous = process.env['TMPDIR']
    const dir = mkdtempSync(join(tmpdir(), 'market-cli-tmp-'))
    process.env['TMPDIR'] = dir
    try {
      expect(tmpdir()).toBe(dir)
      const run = await runCliCaptured(['locations', '--sector', 'land', '--json'])
      expect(run.code).toBe(0)
      expect(readdirSync(dir)).toEqual([])
    } finally {
      if (previous === undefined) delete process.env['TMPDIR']
      else process.env['TMPDIR'] = previous
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
