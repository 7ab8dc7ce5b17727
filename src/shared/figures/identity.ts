/**
 * A lookup's identity: one function from a lookup (what it asks: its kind and parameters) to the
 * key it is cached under. A screen's own query, a batch item and a cached record of the same
 * lookup all have this key, so they are one cache entry.
 */
import type { LookupRequest } from '../contract'
import type { Sector } from '../spec'

/** The root of every cached market lookup's key. */
export const LOOKUP_ROOT = 'market'

/** The locations list, as a lookup of its own (never a batch item). */
export interface LocationsLookup {
  kind: 'locations'
  sector: Sector
}

/** Any lookup the market data service answers. */
export type Lookup = LookupRequest | LocationsLookup
export type LookupKind = Lookup['kind']

/**
 * Each kind's parameters, in the order a key holds them (sorted, as TanStack Query's hash sorts
 * them, so the key's JSON is its hash). The kind names are part of every stored key: they never
 * change between versions.
 */
const FIELDS = {
  residentialPrice: ['beds', 'countryCode', 'location', 'type'],
  growth: ['beds', 'countryCode', 'location', 'sector', 'type'],
  landPrice: ['countryCode', 'location'],
  locations: ['sector']
} as const satisfies {
  [K in LookupKind]: ReadonlyArray<Exclude<keyof Extract<Lookup, { kind: K }>, 'kind'>>
}

export type LookupParams<K extends LookupKind> = Omit<Extract<Lookup, { kind: K }>, 'kind'>

export type LookupKey = readonly [typeof LOOKUP_ROOT, LookupKind, Record<string, string>]

/** The key a lookup is cached under: absent options left out, the country code upper-case. */
export function lookupKey(lookup: Lookup): LookupKey {
  const source = lookup as unknown as Record<string, unknown>
  const params: Record<string, string> = {}
  for (const field of FIELDS[lookup.kind]) {
    const value = source[field]
    if (typeof value !== 'string' || value === '') continue
    params[field] = field === 'countryCode' ? value.toUpperCase() : value
  }
  return [LOOKUP_ROOT, lookup.kind, params]
}
