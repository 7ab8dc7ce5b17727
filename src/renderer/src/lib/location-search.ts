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
    countryCount: new Set(sorted.map((l) => l.country)).size,
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
 * The entries of `base` that hold every token of `unchecked` (they are known to hold the others)
 * by how well the name answers the query (the name itself; the name starts with it; a word of the
 * name does; a word of it is the city, country or code, as "ng" is Nigeria's; the name contains
 * every word of it; the rest), index order within a rank; then matches with one typo. When all
 * rank alike (typing "est…" over 50,000 "Estate …" names), the list is `base` itself.
 */
const NO_MATCH = 6

function narrowAndRank(
  index: LocationIndex,
  base: readonly IndexedLocation[],
  tokens: readonly string[],
  unchecked: readonly string[]
) {
  const phrase = tokens.join(' ')
  const atWordStart = ` ${phrase}`
  const first = tokens[0] ?? phrase
  const asWords = tokens.map((token) => ` ${token} `)
  const rankOf = ({ name, haystack, nameWords, placeWords }: IndexedLocation): number => {
    // A name starting with the query holds every token: most keystrokes stop at this one check.
    if (name.startsWith(phrase)) return name.length === phrase.length ? 0 : 1
    for (const token of unchecked) if (!haystack.includes(token)) return NO_MATCH
    const firstInName = name.includes(first)
    if (firstInName && nameWords.includes(atWordStart)) return 2
    for (const word of asWords) if (placeWords.includes(word)) return 3
    if (!firstInName) return 5
    for (const token of tokens) if (!name.includes(token)) return 5
    return 4
  }
  const ranks = new Uint8Array(base.length)
  const counts = [0, 0, 0, 0, 0, 0, 0]
  for (let at = 0; at < base.length; at += 1) {
    const rank = (ranks[at] = rankOf(base[at] as IndexedLocation))
    counts[rank] = (counts[rank] ?? 0) + 1
  }
  const typos = index.typos.find(tokens).flatMap((position) => index.entries[position] ?? [])
  if (typos.length === 0 && !counts[NO_MATCH] && counts.includes(base.length))
    return { exact: base, ranked: base }
  const exact: IndexedLocation[] = []
  const byRank: IndexedLocation[][] = [[], [], [], [], [], []]
  for (let at = 0; at < base.length; at += 1) {
    const entry = base[at] as IndexedLocation
    byRank[ranks[at] ?? NO_MATCH]?.push(entry)
    if (ranks[at] !== NO_MATCH) exact.push(entry)
  }
  return { exact, ranked: ([] as IndexedLocation[]).concat(...byRank, typos) }
}

/**
 * A search function: the locations matching a query, best first (an empty query lists every one).
 * Typing on narrows the previous matches, checking only the tokens typed since.
 */
export function createLocationSearch(index: LocationIndex) {
  let lastQuery = ''
  let lastExact: readonly IndexedLocation[] = index.entries
  let lastResult: readonly IndexedLocation[] = index.entries
  return (query: string): readonly IndexedLocation[] => {
    const normalized = normalizeForSearch(query).trim()
    if (normalized === lastQuery) return lastResult
    const previous = lastQuery
    lastQuery = normalized
    const tokens = searchTokens(normalized)
    if (tokens.length === 0) return (lastResult = lastExact = index.entries)
    // Typing on: the earlier matches hold every token of before; its last one may have grown.
    const narrowing = previous !== '' && normalized.startsWith(previous)
    const kept = narrowing
      ? searchTokens(previous).length - (normalized[previous.length] === ' ' ? 0 : 1)
      : 0
    const found = narrowAndRank(
      index,
      narrowing ? lastExact : index.entries,
      tokens,
      tokens.slice(kept)
    )
    lastExact = found.exact
    return (lastResult = found.ranked)
  }
}
