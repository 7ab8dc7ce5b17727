import type { LookupRequest } from '@shared/contract'
import type { TransactionType } from '@shared/spec'
import type { FigureLookups } from '../../data/location-figures'
import { locationLookups, lookupList, residentialPriceLookup } from '../../lib/location-lookups'
import type { LocationRef } from '../../lib/location-ref'

/** What is ranked: one sector, transaction type and bed type. */
export interface RankingsScope {
  sector: 'residential' | 'land'
  type: TransactionType
  beds: string
  /** The bed type one bedroom smaller, for the per-bedroom premium (none: no premium column). */
  smallerBeds: string | undefined
}

/** The lookups one location's row needs (`smallerPrice`: the chosen type's, smaller bed type). */
export type RowRequests = FigureLookups & { ref: LocationRef }

export function rowRequests(ref: LocationRef, scope: RankingsScope): RowRequests {
  return {
    ref,
    ...locationLookups(ref, scope),
    ...(scope.smallerBeds
      ? { smallerPrice: residentialPriceLookup(ref, scope.type, scope.smallerBeds) }
      : {})
  }
}

export function requestsOfRow(row: RowRequests): LookupRequest[] {
  return row.smallerPrice ? [...lookupList(row), row.smallerPrice] : lookupList(row)
}
