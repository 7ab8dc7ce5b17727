import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { LandPricePayloadSchema, LocationsPayloadSchema } from '@shared/spec'
import bundled from './data/dataset.json' with { type: 'json' }
import { generateDataset, generateSyntheticDataset, runGeneratorCli } from './data/generate'
import { DatasetError, loadDataset, loadDatasetFile } from './dataset'
import { createServiceApp } from './server'
import { get, TEST_KEY } from '../../test/support/service/helpers'

describe('generator', () => {
  it('is deterministic and matches the committed dataset file', () => {
    const first = generateDataset()
    expect(generateDataset()).toEqual(first)
    expect(first).toEqual(bundled)
  })

  it('labels the data illustrative and covers several countries and currencies', () => {
    const dataset = generateDataset()
    expect(dataset.illustrative).toBe(true)
    expect(dataset.notice).toMatch(/illustrative/i)
    const currencies = new Set(Object.values(dataset.countries).map((country) => country.currency))
    expect(currencies).toEqual(new Set(['NGN', 'GHS', 'KES']))
  })

  it('gives several bed types per residential location, rent and sale for each', () => {
    for (const entry of generateDataset().residential) {
      const beds = Object.keys(entry.prices.rent)
      expect(beds.length).toBeGreaterThanOrEqual(3)
      expect(Object.keys(entry.prices.sale)).toEqual(beds)
      expect(Object.keys(entry.growth.rent)).toEqual(beds)
      expect(Object.keys(entry.growth.sale)).toEqual(beds)
    }
  })

  it('gives growth figures plausible as average yearly rates over the period', () => {
    const { residential, land, periodYears } = generateDataset()
    const figures = [
      ...residential.flatMap((entry) => [
        ...Object.values(entry.growth.rent),
        ...Object.values(entry.growth.sale)
      ]),
      ...land.map((entry) => entry.growth)
    ]
    expect(figures.length).toBeGreaterThan(100)
    for (const percent of figures) {
      expect(percent).toBeGreaterThanOrEqual(-10)
      expect(percent).toBeLessThanOrEqual(25)
      // compounded over the window: no neighbourhood more than triples in five years
      expect((1 + percent / 100) ** periodYears).toBeLessThan(3)
    }
    // and they differ from place to place, not one rate everywhere
    expect(Math.max(...figures) - Math.min(...figures)).toBeGreaterThan(10)
  })

  it('emits N synthetic locations that load and answer lookups', async () => {
    const file = generateSyntheticDataset(50_000)
    expect(file.residential.length + file.land.length).toBeGreaterThanOrEqual(50_000)
    expect(generateSyntheticDataset(200)).toEqual(generateSyntheticDataset(200))
    const dataset = loadDataset(file)
    const last = file.residential.at(-1)
    if (!last) throw new Error('no residential entries')
    expect(dataset.residentialByKey.get(`${last.country_code}/${last.slug}`)).toEqual(last)
    const app = createServiceApp({ apiKey: TEST_KEY, dataset })
    const beds = Object.keys(last.prices.sale)[0] ?? '2'
    const reply = await get(app, '/residential-prices', {
      query: { location: last.slug, country_code: last.country_code, type: 'sale', beds }
    })
    await app.close()
    expect(reply.body['data']).toMatchObject({ price: last.prices.sale[beds] })
  })
})

describe('loader', () => {
  it('rejects a bad file with a message naming the bad path', () => {
    const broken = structuredClone(generateDataset()) as unknown as {
      residential: { prices: { rent: Record<string, unknown> } }[]
    }
    const third = broken.residential[3]
    if (!third) throw new Error('fixture too small')
    third.prices.rent['2'] = -5
    expect(() => loadDataset(broken, 'broken.json')).toThrow(DatasetError)
    expect(() => loadDataset(broken, 'broken.json')).toThrow(
      /broken\.json.*residential\[3\]\.prices\.rent\.2 must be a positive number/
    )
  })

  it('rejects duplicate locations and unknown countries', () => {
    const duplicated = generateDataset()
    const first = duplicated.land[0]
    if (!first) throw new Error('fixture too small')
    duplicated.land.push(first)
    expect(() => loadDataset(duplicated)).toThrow(/appears more than once/)
    const stray = generateDataset()
    const entry = stray.land[0]
    if (!entry) throw new Error('fixture too small')
    entry.country_code = 'ZZ'
    expect(() => loadDataset(stray)).toThrow(/ZZ, which is not in countries/)
  })

  it('answers only what the client accepts: every location, currency and unit of the bundled file', () => {
    const dataset = loadDataset(bundled)
    for (const sector of ['residential', 'land'] as const) {
      const payload = { sector, locations: dataset.locationsBySector[sector] }
      expect(LocationsPayloadSchema.parse(payload)).toEqual(payload)
    }
    for (const entry of dataset.file.land) {
      const currency = dataset.currencyOf(entry.country_code)
      const payload = { price: entry.price, currency, unit: entry.unit, location: entry.slug }
      expect(LandPricePayloadSchema.parse(payload)).toEqual(payload)
    }
  })

  it('refuses names, cities, countries and units longer than a client accepts', () => {
    const long = 'x'.repeat(5_000)
    const named = generateDataset()
    const entry = named.residential[0]
    if (!entry) throw new Error('fixture too small')
    entry.name = long
    expect(() => loadDataset(named, 'long.json')).toThrow(/long\.json.*residential\[0\]\.name/)
    const unit = generateDataset()
    const plot = unit.land[0]
    if (!plot) throw new Error('fixture too small')
    plot.unit = long
    expect(() => loadDataset(unit, 'unit.json')).toThrow(/land\[0\]\.unit/)
    const country = generateDataset()
    const nigeria = country.countries['NG']
    if (!nigeria) throw new Error('fixture without NG')
    nigeria.name = long
    expect(() => loadDataset(country, 'country.json')).toThrow(/countries\.NG\.name/)
  })

  it('reports unreadable and non-JSON files clearly', () => {
    const folder = mkdtempSync(join(tmpdir(), 'dataset-'))
    const path = join(folder, 'bad.json')
    writeFileSync(path, '{ not json')
    expect(() => loadDatasetFile(path)).toThrow(/Could not read dataset file .*bad\.json/)
    expect(() => loadDatasetFile(join(folder, 'missing.json'))).toThrow(
      /Could not read dataset file/
    )
  })
})

describe('generator command line', () => {
  it('says what is wrong with its arguments or its output file, with no stack trace', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const said = () => errors.mock.calls.map((call) => String(call[0])).join('\n')
    expect(runGeneratorCli(['--bogus'])).toBe(2)
    expect(runGeneratorCli(['--synthetic', '3', '--out'])).toBe(2)
    expect(runGeneratorCli(['--synthetic', '0'])).toBe(2)
    const missing = join(tmpdir(), 'no-such-folder-for-the-generator', 'out.json')
    expect(runGeneratorCli(['--synthetic', '3', '--out', missing])).toBe(1)
    expect(said()).toContain("Unknown option '--bogus'")
    expect(said()).toContain("Option '--out <value>' argument missing")
    expect(said()).toContain(`Could not write ${missing}`)
    expect(said()).toContain('Usage: tsx src/service/data/generate.ts')
    expect(said()).not.toMatch(/\n\s+at /)
    errors.mockRestore()
  })

  it('writes the synthetic dataset it is asked for', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const out = join(mkdtempSync(join(tmpdir(), 'generator-')), 'small.json')
    expect(runGeneratorCli(['--synthetic', '5', '--out', out])).toBe(0)
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(generateSyntheticDataset(5))
    log.mockRestore()
  })
})
