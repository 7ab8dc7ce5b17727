/** The CLI against the embedded demo service, compared with the same handlers called directly. */
import { describe, expect, it } from 'vitest'
import { runCliCaptured } from '../../test/support/cli/run-cli'
import { referenceHandlers } from '../../test/support/cli/reference-handlers'
import { groupDigits, tableCells, tableRows } from '../../test/support/cli/cli-output'
import { expectOk } from '../../test/support/shared/expect-ok'
import { parseCsv } from '../../test/support/shared/hostile-text'

const handlers = referenceHandlers()

describe('locations', () => {
  it('prints the handler data as JSON, one document, exit 0', async () => {
    const run = await runCliCaptured(['locations', '--sector', 'land', '--json'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual(
      expectOk(await handlers.listLocations({ sector: 'land' }))
    )
  })

  it('prints an aligned table with every location, and the demo notice on stderr', async () => {
    const expected = expectOk(await handlers.listLocations({ sector: 'residential' })).locations
    const run = await runCliCaptured(['locations', '--sector', 'residential'])
    expect(run.code).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(tableCells(lines[0] ?? '')).toEqual(['slug', 'name', 'city', 'country', 'country_code'])
    expect(lines[1]).toMatch(/^-+( {2}-+){4}$/)
    expect(tableRows(run.stdout)).toEqual(
      expected.map((l) => [l.slug, l.name, l.city, l.country, l.country_code])
    )
    // columns line up: every line has its second column at the same offset
    const offset = lines[0]?.indexOf('name')
    for (const [index, line] of lines.slice(2).entries()) {
      expect(line.slice(offset).startsWith(expected[index]?.name ?? '?')).toBe(true)
    }
    expect(run.stderr).toMatch(/^note: Demo data: .*illustrative/)
  })

  it('prints CSV with a header row', async () => {
    const expected = expectOk(await handlers.listLocations({ sector: 'land' })).locations
    const run = await runCliCaptured(['locations', '--sector', 'land', '--csv'])
    expect(run.code).toBe(0)
    expect(run.stdout.endsWith('\r\n')).toBe(true)
    expect(parseCsv(run.stdout)).toEqual([
      ['slug', 'name', 'city', 'country', 'country_code'],
      ...expected.map((l) => [l.slug, l.name, l.city, l.country, l.country_code])
    ])
  })
})

describe('price, growth and land-price', () => {
  it('price: JSON, table and CSV carry the handler values', async () => {
    const expected = expectOk(
      await handlers.getResidentialPrice({
        location: 'lekki-phase-1',
        countryCode: 'NG',
        type: 'rent',
        beds: '3'
      })
    )
    const args = ['price', '--location', 'lekki-phase-1', '--type', 'rent', '--beds', '3']
    const json = await runCliCaptured([...args, '--json'])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual(expected)
    const table = await runCliCaptured(args)
    expect(tableRows(table.stdout)).toEqual([
      ['lekki-phase-1', 'NG', 'rent', '3', '3 bed', groupDigits(expected.price), expected.currency]
    ])
    const csv = await runCliCaptured([...args, '--csv'])
    expect(parseCsv(csv.stdout)[1]).toEqual([
      'lekki-phase-1',
      'NG',
      'rent',
      '3',
      '3 bed',
      String(expected.price),
      expected.currency
    ])
  })

  it('price takes the country from slug:CC, then --country', async () => {
    const expected = expectOk(
      await handlers.getResidentialPrice({
        location: 'east-legon',
        countryCode: 'GH',
        type: 'sale',
        beds: '2'
      })
    )
    for (const where of [['east-legon:GH'], ['east-legon', '--country', 'gh']]) {
      const run = await runCliCaptured([
        'price',
        '--location',
        ...where,
        '--type',
        'sale',
        '--beds',
        '2',
        '--json'
      ])
      expect(run.code).toBe(0)
      expect(JSON.parse(run.stdout)).toEqual(expected)
    }
  })

  it('growth, residential and land', async () => {
    const residential = expectOk(
      await handlers.getGrowth({
        location: 'ikoyi',
        countryCode: 'NG',
        sector: 'residential',
        type: 'sale',
        beds: '3'
      })
    )
    const args = ['growth', '--location', 'ikoyi', '--sector', 'residential']
    const run = await runCliCaptured([...args, '--type', 'sale', '--beds', '3', '--json'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({ ...residential, growth_is: 'avg per year' })
    const total = await runCliCaptured([
      ...args,
      '--type',
      'sale',
      '--beds',
      '4',
      '--growth-is',
      'total'
    ])
    expect(tableCells(total.stdout.split('\n')[0] ?? '')).toEqual([
      'location',
      'country_code',
      'sector',
      'type',
      'beds',
      'bed_type',
      'growth_total',
      'period'
    ])
    expect(tableRows(total.stdout)[0]?.[5]).toBe('4 bed / duplex')

    const land = expectOk(
      await handlers.getGrowth({ location: 'ikoyi', countryCode: 'NG', sector: 'land' })
    )
    const table = await runCliCaptured(['growth', '--location', 'ikoyi', '--sector', 'land'])
    expect(table.code).toBe(0)
    expect(tableCells(table.stdout.split('\n')[0] ?? '')).toEqual([
      'location',
      'country_code',
      'sector',
      'growth_avg_per_year',
      'period'
    ])
    expect(tableRows(table.stdout)).toEqual([
      ['ikoyi', 'NG', 'land', land.growth.toFixed(1), land.period]
    ])
  })

  it('land-price as CSV and JSON', async () => {
    const expected = expectOk(await handlers.getLandPrice({ location: 'karen', countryCode: 'KE' }))
    const csv = await runCliCaptured([
      'land-price',
      '--location',
      'karen',
      '--country',
      'KE',
      '--csv'
    ])
    expect(csv.code).toBe(0)
    expect(parseCsv(csv.stdout)).toEqual([
      ['location', 'country_code', 'price', 'currency', 'unit'],
      ['karen', 'KE', String(expected.price), expected.currency, expected.unit ?? '']
    ])
    const json = await runCliCaptured(['land-price', '--location', 'karen:KE', '--json'])
    expect(JSON.parse(json.stdout)).toEqual(expected)
  })

  it('a lookup with no data exits with NOT_FOUND (5) and one error line naming it', async () => {
    const run = await runCliCaptured(['land-price', '--location', 'yaba'])
    expect(run.code).toBe(5)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/^error \[NOT_FOUND\]: .*yaba.*\n$/)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  })
})
