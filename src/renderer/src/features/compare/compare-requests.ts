import type { LookupRequest } from '@shared/contract'
import { lookupHash } from '../../data/queries'
import type { LocationRef } from '../../lib/location-ref'
import type { CompareView } from '../../stores/app-stores'

/** The lookups one compare column needs (price of the chosen type, rent + sale for yield, growth). */
interface ColumnRequests {
  ref: LocationRef
  price: LookupRequest
  rent?: LookupRequest
  sale?: LookupRequest
  growth: LookupRequest
}

export function columnRequests(ref: LocationRef, view: CompareView): ColumnRequests {
  const base = { location: ref.slug, countryCode: ref.countryCode }
  if (ref.sector === 'land') {
    return {
      ref,
      price: { kind: 'landPrice', ...base },
      growth: { kind: 'growth', ...base, sector: 'land' }
    }
  }
  const rent: LookupRequest = { kind: 'residentialPrice', ...base, type: 'rent', beds: view.beds }
  const sale: LookupRequest = { kind: 'residentialPrice', ...base, type: 'sale', beds: view.beds }
  return {
    ref,
    price: view.type === 'rent' ? rent : sale,
    rent,
    sale,
    growth: { kind: 'growth', ...base, sector: 'residential', type: view.type, beds: view.beds }
  }
}

/** Every distinct lookup of the columns, in column order. */
export function uniqueRequests(columns: readonly ColumnRequests[]): LookupRequest[] {
  const seen = new Map<string, LookupRequest>()
  for (const column of columns) {
    for (const request of [column.price, column.rent, column.sale, column.growth]) {
      if (request && !seen.has(lookupHash(request))) seen.set(lookupHash(request), request)
    }
  }
  return [...seen.values()]
}
