import type { Location } from '../../../shared/spec'

export interface IndexedLocation {
  location: Location
  /** Lower-case, accent-free "name city country code", searched with `includes`. */
  haystack: string
}

/** Locations sorted by country, city, name, each with its precomputed search text. */
export interface LocationIndex {
  entries: readonly IndexedLocation[]
  countryCount: number
}

export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

export function buildLocationIndex(locations: readonly Location[]): LocationIndex {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
  const sorted = [...locations].sort(
    (a, b) =>
      collator.compare(a.country, b.country) ||
      collator.compare(a.city, b.city) ||
      collator.compare(a.name, b.name)
  )
  const entries = sorted.map((location) => ({
    location,
    haystack: normalizeForSearch(
      `${location.name} ${location.city} ${location.country} ${location.country_code}`
    )
  }))
  return { entries, countryCount: new Set(sorted.map((l) => l.country_code)).size }
}

export function searchTokens(query: string): string[] {
  return normalizeForSearch(query).split(/\s+/).filter(Boolean)
}

/** Every token must appear somewhere in name, city, country or country code. Order is kept. */
export function filterEntries(
  entries: readonly IndexedLocation[],
  query: string
): readonly IndexedLocation[] {
  const tokens = searchTokens(query)
  if (tokens.length === 0) return entries
  return entries.filter((entry) => tokens.every((token) => entry.haystack.includes(token)))
}

/**
 * A search function that narrows the previous result when the query only grew (typing on), so a
 * keystroke scans the current matches rather than the whole index.
 */
export function createLocationSearch(index: LocationIndex) {
  let lastQuery = ''
  let lastResult: readonly IndexedLocation[] = index.entries
  return (query: string): readonly IndexedLocation[] => {
    const normalized = normalizeForSearch(query).trim()
    if (normalized === lastQuery) return lastResult
    const base = lastQuery && normalized.startsWith(lastQuery) ? lastResult : index.entries
    lastResult = filterEntries(base, normalized)
    lastQuery = normalized
    return lastResult
  }
}
