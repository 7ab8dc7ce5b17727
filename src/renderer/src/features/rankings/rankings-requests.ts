import type { LookupRequest } from '@shared/contract'
import type { TransactionType } from '@shared/spec'
import type { LocationRef } from '../../lib/location-ref'

/** What is ranked: one sector, transaction type and bed type. */
export interface RankingsScope {
  sector: 'residential' | 'land'
  type: TransactionType
  beds: string
  /** The bed type one bedroom smaller, for the per-bedroom premium (none: no premium column). */
  smallerBeds: string | undefined
}

/** The lookups one location's row needs. */
export interface RowRequests {
  ref: LocationRef
  sale?: LookupRequest
  rent?: LookupRequest
  land?: LookupRequest
  growth: LookupRequest
  /** The chosen type's price for the smaller bed type. */
  smallerPrice?: LookupRequest
}

export function rowRequests(ref: LocationRef, scope: RankingsScope): RowRequests {
  const base = { location: ref.slug, countryCode: ref.countryCode }
  if (scope.sector === 'land') {
    return {
      ref,
      land: { kind: 'landPrice', ...base },
      growth: { kind: 'growth', ...base, sector: 'land' }
    }
  }
  const price = (type: TransactionType, beds: string): LookupRequest => ({
    kind: 'residentialPrice',
    ...base,
    type,
    beds
  })
  return {
    ref,
    sale: price('sale', scope.beds),
    rent: price('rent', scope.beds),
    growth: {
      kind: 'growth',
      ...base,
      sector: 'residential',
      type: scope.type,
      beds: scope.beds
    },
    ...(scope.smallerBeds ? { smallerPrice: price(scope.type, scope.smallerBeds) } : {})
  }
}

export function requestsOfRow(row: RowRequests): LookupRequest[] {
  return [row.sale, row.rent, row.land, row.growth, row.smallerPrice].filter(
    (request): request is LookupRequest => request !== undefined
  )
}
