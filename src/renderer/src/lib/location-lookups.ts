import { bedValues } from '@shared/bed-types'
import type { BedType } from '@shared/bed-types'
import type { LookupRequest } from '@shared/contract'
import type { TransactionType } from '@shared/spec'
import type { LocationRef } from './location-ref'

type LookupOf<K extends LookupRequest['kind']> = Extract<LookupRequest, { kind: K }>

/**
 * The lookups a location's figures need, for the chosen transaction type and bed type:
 * residential sale and rent (a gross yield needs both) and growth, or land price and growth.
 */
export type LocationLookups =
  | { sale: LookupRequest; rent: LookupRequest; land?: undefined; growth: LookupOf<'growth'> }
  | { sale?: undefined; rent?: undefined; land: LookupRequest; growth: LookupOf<'growth'> }

export function residentialPriceLookup(
  ref: LocationRef,
  type: TransactionType,
  beds: string
): LookupOf<'residentialPrice'> {
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

/** What a residential location's screen asks: each bed type's rent and sale, price and growth. */
export function residentialLookups(ref: LocationRef, bedTypes: readonly BedType[]) {
  return bedValues(bedTypes).flatMap((beds) =>
    (['rent', 'sale'] as const).map((type) => {
      const { growth } = locationLookups(ref, { type, beds })
      return { beds, type, price: residentialPriceLookup(ref, type, beds), growth }
    })
  )
}

/** Every lookup of a location, each once. */
export function lookupList(lookups: LocationLookups): LookupRequest[] {
  return lookups.land
    ? [lookups.land, lookups.growth]
    : [lookups.sale, lookups.rent, lookups.growth]
}
