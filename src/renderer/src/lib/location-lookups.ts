import type { LookupRequest } from '@shared/contract'
import type { TransactionType } from '@shared/spec'
import type { LocationRef } from './location-ref'

/**
 * The lookups a location's figures need, for the chosen transaction type and bed type:
 * residential sale and rent (a gross yield needs both) and growth, or land price and growth.
 */
export type LocationLookups =
  | { sale: LookupRequest; rent: LookupRequest; land?: undefined; growth: LookupRequest }
  | { sale?: undefined; rent?: undefined; land: LookupRequest; growth: LookupRequest }

export function residentialPriceLookup(
  ref: LocationRef,
  type: TransactionType,
  beds: string
): LookupRequest {
  return { kind: 'residentialPrice', location: ref.slug, countryCode: ref.countryCode, type, beds }
}

export function locationLookups(
  ref: LocationRef,
  view: { type: TransactionType; beds: string }
): LocationLookups {
  const base = { location: ref.slug, countryCode: ref.countryCode }
  if (ref.sector === 'land') {
    return {
      land: { kind: 'landPrice', ...base },
      growth: { kind: 'growth', ...base, sector: 'land' }
    }
  }
  return {
    sale: residentialPriceLookup(ref, 'sale', view.beds),
    rent: residentialPriceLookup(ref, 'rent', view.beds),
    growth: { kind: 'growth', ...base, sector: 'residential', type: view.type, beds: view.beds }
  }
}

/** Every lookup of a location, each once. */
export function lookupList(lookups: LocationLookups): LookupRequest[] {
  return lookups.land
    ? [lookups.land, lookups.growth]
    : [lookups.sale, lookups.rent, lookups.growth]
}
