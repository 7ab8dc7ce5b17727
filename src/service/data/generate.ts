/**
 * Deterministic generator of the illustrative dataset (src/service/data/dataset.json).
 *   npx tsx src/service/data/generate.ts                      regenerate the bundled dataset
 *   npx tsx src/service/data/generate.ts --synthetic 50000 --out /tmp/big.json   scale-test data
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { DatasetFile, LandEntry, ResidentialEntry } from '../dataset-schema'
import { COUNTRIES, NEIGHBOURHOODS } from './source'
import type { NeighbourhoodSource } from './source'

export const DATASET_SEED = 20_251_122
export const LATEST_YEAR = 2025
export const PERIOD_YEARS = 5
const ALL_BEDS = ['1', '2', '3', '4', '5'] as const
/** Size of a home relative to a 2-bed, by bed count. */
const BED_SCALE: Record<string, number> = { '1': 0.7, '2': 1, '3': 1.4, '4': 1.9, '5': 2.6 }
/**
 * Growth figures are average growth per year over the period, in percent. Bounds of the base
 * figure a location draws (per-bed figures vary around it): nominal yearly rises of a few percent
 * up to the high teens, as in markets with double-digit inflation; land moves faster than homes.
 */
const RESIDENTIAL_BASE_GROWTH = { low: 2, high: 14 } as const
const LAND_GROWTH = { low: 3, high: 20 } as const
export const ILLUSTRATIVE_NOTICE =
  'Illustrative figures generated for demonstration: real neighbourhood names, made-up prices and growth. Not market data.'

/** mulberry32: tiny, fast, deterministic PRNG. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Rounds to 3 significant figures so prices look like asking prices. */
function roundPrice(value: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2)
  return Math.max(1, Math.round(value / magnitude) * magnitude)
}

const round1 = (value: number): number => Math.round(value * 10) / 10
const between = (random: () => number, low: number, high: number): number =>
  low + random() * (high - low)

function pickBeds(random: () => number): string[] {
  const first = random() < 0.3 ? 1 : 0
  const count = 3 + Math.floor(random() * 3)
  return ALL_BEDS.slice(first, Math.min(ALL_BEDS.length, first + count))
}

/** The fields every entry has: where it is. */
const placeOf = (source: NeighbourhoodSource) => ({
  slug: slugify(source.name),
  name: source.name,
  city: source.city,
  country_code: source.countryCode
})

function residentialEntry(
  source: NeighbourhoodSource,
  rent2: number,
  random: () => number
): ResidentialEntry {
  const grossYield = between(random, 0.05, 0.09)
  const baseGrowth = between(random, RESIDENTIAL_BASE_GROWTH.low, RESIDENTIAL_BASE_GROWTH.high)
  const entry: ResidentialEntry = {
    ...placeOf(source),
    prices: { rent: {}, sale: {} },
    growth: { rent: {}, sale: {} }
  }
  for (const beds of pickBeds(random)) {
    const scale = (BED_SCALE[beds] ?? 1) * between(random, 0.92, 1.08)
    const rent = rent2 * scale
    entry.prices.rent[beds] = roundPrice(rent)
    entry.prices.sale[beds] = roundPrice((rent / grossYield) * between(random, 0.95, 1.05))
    entry.growth.rent[beds] = round1(baseGrowth * between(random, 0.8, 1.2))
    entry.growth.sale[beds] = round1(baseGrowth * between(random, 0.7, 1.3))
  }
  return entry
}

function landEntry(
  source: NeighbourhoodSource,
  pricePerSqm: number,
  random: () => number
): LandEntry {
  return {
    ...placeOf(source),
    price: roundPrice(pricePerSqm * between(random, 0.95, 1.05)),
    unit: 'sqm',
    growth: round1(between(random, LAND_GROWTH.low, LAND_GROWTH.high))
  }
}

function datasetFrom(sources: NeighbourhoodSource[], seed: number, name: string): DatasetFile {
  const random = createRandom(seed)
  const residential: ResidentialEntry[] = []
  const land: LandEntry[] = []
  for (const source of sources) {
    if (source.rent2 !== null) residential.push(residentialEntry(source, source.rent2, random))
    if (source.land !== null) land.push(landEntry(source, source.land, random))
  }
  return {
    schemaVersion: 1,
    name,
    illustrative: true,
    notice: ILLUSTRATIVE_NOTICE,
    latestYear: LATEST_YEAR,
    periodYears: PERIOD_YEARS,
    generator: { script: 'src/service/data/generate.ts', seed },
    countries: COUNTRIES,
    residential,
    land
  }
}

export function generateDataset(): DatasetFile {
  return datasetFrom(NEIGHBOURHOODS, DATASET_SEED, 'Market Explorer illustrative dataset')
}

/** N synthetic neighbourhoods across the source countries (for scale tests). */
export function generateSyntheticDataset(count: number, seed = DATASET_SEED): DatasetFile {
  const random = createRandom(seed ^ count)
  const codes = Object.keys(COUNTRIES)
  const sources: NeighbourhoodSource[] = []
  for (let index = 1; index <= count; index += 1) {
    const countryCode = codes[index % codes.length] ?? 'NG'
    const hasResidential = random() < 0.85
    const hasLand = !hasResidential || random() < 0.5
    sources.push({
      name: `Synthetic Area ${String(index).padStart(6, '0')}`,
      city: `Synthetic City ${(index % 97) + 1}`,
      countryCode,
      rent2: hasResidential ? Math.round(between(random, 500_000, 20_000_000)) : null,
      land: hasLand ? Math.round(between(random, 10_000, 2_000_000)) : null
    })
  }
  return datasetFrom(sources, seed, `Synthetic dataset (${count} locations)`)
}

const USAGE = 'Usage: tsx src/service/data/generate.ts [--synthetic <locations>] [--out <file>]'

/** The generator's command line; returns its exit code (2: bad arguments, 1: not written). */
export function runGeneratorCli(args: string[]): number {
  const options = { synthetic: { type: 'string' }, out: { type: 'string' } } as const
  let values
  try {
    values = parseArgs({ args, options }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const count = values.synthetic === undefined ? undefined : Number(values.synthetic)
  if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 1_000_000)) {
    console.error(`--synthetic takes a whole number of locations from 1 to 1000000\n${USAGE}`)
    return 2
  }
  const out = values.out ?? fileURLToPath(new URL('./dataset.json', import.meta.url))
  const dataset = count === undefined ? generateDataset() : generateSyntheticDataset(count)
  try {
    writeFileSync(out, JSON.stringify(dataset, null, count === undefined ? 2 : 0) + '\n')
  } catch (error) {
    console.error(`Could not write ${out}: ${(error as Error).message}`)
    return 1
  }
  console.log(
    `Wrote ${dataset.residential.length} residential and ${dataset.land.length} land locations to ${out}`
  )
  return 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = runGeneratorCli(process.argv.slice(2))
