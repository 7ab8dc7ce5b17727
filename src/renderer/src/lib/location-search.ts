import type { Location } from '@shared/spec'
import { createTypoSearch } from './location-typos'

export interface IndexedLocation {
  location: Location
  /**
   * Lower-case, accent-free "name city country code", searched with `includes`; a number in the
   * name is also there as a word ("lekki phase 1 … one"), so either spelling finds it.
   */
  haystack: string
  /** " city country code " words, each between spaces, to rank a whole-word match of them. */
  placeWords: string
  /** The name alone, lower-case and accent-free, for ranking. */
  name: string
  /** " name words ", each after a space (" ibeju lekki "), to find a query at a word start. */
  nameWords: string
}

export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten'.split(' ')

/** The name's small numbers spelled out ("1" → "one"). */
function numberWordsOf(name: string): string {
  const numbers = name.match(/\b(?:10|\d)\b/g) ?? []
  return numbers.map((digits) => NUMBER_WORDS[Number(digits)]).join(' ')
}

const wordsOf = (text: string): string => ` ${text.split(/[^\p{L}\p{N}]+/u).join(' ')} `

/** How names are ordered: case- and accent-blind, "Phase 2" before "Phase 10". */
export const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/**
 * Locations sorted by country, city, name, each with its precomputed search text; `typos` finds
 * the entries that match only with a typo, by position in `entries`.
 */
export function buildLocationIndex(locations: readonly Location[]) {
  const sorted = [...locations].sort(
    (a, b) =>
      nameCollator.compare(a.country, b.country) ||
      nameCollator.compare(a.city, b.city) ||
      nameCollator.compare(a.name, b.name)
  )
  const entries = sorted.map((location): IndexedLocation => {
    const name = normalizeForSearch(location.name)
    const place = normalizeForSearch(
      `${location.city} ${location.country} ${location.country_code}`
    )
    return {
      location,
      haystack: `${name} ${place} ${numberWordsOf(name)}`.trimEnd(),
      placeWords: wordsOf(place),
      name,
      nameWords: wordsOf(name)
    }
  })
  return {
    entries,
    countryCount: new Set(sorted.map((l) => l.country_code)).size,
    typos: createTypoSearch(entries)
  }
}
export type LocationIndex = ReturnType<typeof buildLocationIndex>

function searchTokens(query: string): string[] {
  return normalizeForSearch(query).split(/\s+/).filter(Boolean)
}

/**
 * Every token must appear somewhere in the entry's search text (a location's name, city, country
 * or country code; a cached figure's words). Order is kept.
 */
export function filterEntries<T extends { haystack: string }>(
  entries: readonly T[],
  query: string
): readonly T[] {
  const tokens = searchTokens(query)
  if (tokens.length === 0) return entries
  return entries.filter((entry) => tokens.every((token) => entry.haystack.includes(token)))
}

/**
 * Exact matches by how well the name answers the query (the name itself; the name starts with
 * it; a word of the name does; a word of it is the city, country or code, as "ng" is Nigeria's;
 * the name contains every word of it; the rest), index order within a rank; then matches with
 * one typo.
 */
const RANKS = 6

function rankMatches(
  index: LocationIndex,
  exact: readonly IndexedLocation[],
  tokens: readonly string[]
): readonly IndexedLocation[] {
  const phrase = tokens.join(' ')
  const atWordStart = ` ${phrase}`
  const first = tokens[0] ?? phrase
  const byRank = Array.from({ length: RANKS }, (): IndexedLocation[] => [])
  for (const entry of exact) {
    const name = entry.name
    let rank = 5
    // Ranks 0–2 need the first word in the name: most entries stop at this one check.
    if (name.includes(first)) {
      if (name.startsWith(phrase)) rank = name.length === phrase.length ? 0 : 1
      else if (entry.nameWords.includes(atWordStart)) rank = 2
      else if (tokens.every((token) => name.includes(token))) rank = 4
    }
    if (rank > 3 && tokens.some((token) => entry.placeWords.includes(` ${token} `))) rank = 3
    byRank[rank]?.push(entry)
  }
  const typos = index.typos.find(tokens).flatMap((position) => index.entries[position] ?? [])
  return ([] as IndexedLocation[]).concat(...byRank, typos)
}

/**
 * A search function: the locations matching a query, best first (an empty query lists every
 * location). It narrows the previous exact matches when the query only grew (typing on), so a
 * keystroke scans the current matches rather than the whole index.
 */
export function createLocationSearch(index: LocationIndex) {
  let lastQuery = ''
  let lastExact: readonly IndexedLocation[] = index.entries
  let lastResult: readonly IndexedLocation[] = index.entries
  return (query: string): readonly IndexedLocation[] => {
    const normalized = normalizeForSearch(query).trim()
    if (normalized === lastQuery) return lastResult
    const base = lastQuery && normalized.startsWith(lastQuery) ? lastExact : index.entries
    const tokens = searchTokens(normalized)
    lastExact = filterEntries(base, normalized)
    lastResult = tokens.length === 0 ? index.entries : rankMatches(index, lastExact, tokens)
    lastQuery = normalized
    return lastResult
  }
}
