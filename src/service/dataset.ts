/** Loads and validates a dataset file, and indexes it for O(1) lookups at any size. */
import { readFileSync } from 'node:fs'
import type { Location, Sector } from '@shared/spec'
import { describeIssues, issuePath } from '@shared/validation'
import bundledDataset from './data/dataset.json' with { type: 'json' }
import { DatasetFileSchema } from './dataset-schema'
import type { LandEntry, ResidentialEntry } from './dataset-schema'

export class DatasetError extends Error {
  override readonly name = 'DatasetError'
}

export type Dataset = ReturnType<typeof loadDataset>

export const locationKey = (countryCode: string, slug: string): string => `${countryCode}/${slug}`

function indexEntries<T extends { slug: string; country_code: string }>(
  entries: readonly T[],
  sector: Sector,
  sourceName: string
): Map<string, T> {
  const byKey = new Map<string, T>()
  for (const entry of entries) {
    const key = locationKey(entry.country_code, entry.slug)
    if (byKey.has(key)) {
      throw new DatasetError(`${sourceName}: ${sector} location ${key} appears more than once`)
    }
    byKey.set(key, entry)
  }
  return byKey
}

export function loadDataset(raw: unknown, sourceName = 'dataset') {
  const parsed = DatasetFileSchema.safeParse(raw)
  if (!parsed.success) {
    const problems = describeIssues(parsed.error.issues, {
      where: (path) => issuePath(path) || '(root)',
      max: 5
    })
    throw new DatasetError(`${sourceName} is not a valid dataset: ${problems}`)
  }
  const file = parsed.data
  const missingCountry = [...file.residential, ...file.land].find(
    (entry) => !file.countries[entry.country_code]
  )
  if (missingCountry) {
    throw new DatasetError(
      `${sourceName}: location ${missingCountry.slug} has country_code ${missingCountry.country_code}, which is not in countries`
    )
  }
  const toLocation = (entry: ResidentialEntry | LandEntry): Location => ({
    name: entry.name,
    slug: entry.slug,
    city: entry.city,
    country: file.countries[entry.country_code]?.name ?? entry.country_code,
    country_code: entry.country_code
  })
  return {
    file,
    /** `<start_year>-<end_year>` of the growth window. */
    period: `${file.latestYear - file.periodYears}-${file.latestYear}`,
    residentialByKey: indexEntries(file.residential, 'residential', sourceName),
    landByKey: indexEntries(file.land, 'land', sourceName),
    locationsBySector: {
      residential: file.residential.map(toLocation),
      land: file.land.map(toLocation)
    },
    currencyOf: (code: string): string => file.countries[code]?.currency ?? 'XXX'
  }
}

export function loadDatasetFile(path: string): Dataset {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DatasetError(`Could not read dataset file ${path}: ${reason}`)
  }
  return loadDataset(raw, path)
}

let bundled: Dataset | undefined

/** The illustrative dataset shipped with the app (validated once, on first use). */
export function bundledDatasetLoaded(): Dataset {
  return (bundled ??= loadDataset(bundledDataset, 'src/service/data/dataset.json'))
}
