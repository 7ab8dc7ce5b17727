import { hashKey } from '@tanstack/react-query'
import type { LookupRequest } from '@shared/contract'
import { lookupQueryKey } from '../../api/query-keys'
import type { LocationRef } from '../../lib/location-ref'
import type { CompareView } from '../../stores/app-stores'
import type { GrowthFigure, PriceFigure } from './compare-model'

/** The lookups one compare column needs (price of the chosen type, rent + sale for yield, growth). */
export interface ColumnRequests {
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

export function requestHash(request: LookupRequest): string {
  return hashKey(lookupQueryKey(request))
}

/** Every distinct lookup of the columns, in column order. */
export function uniqueRequests(columns: readonly ColumnRequests[]): LookupRequest[] {
  const seen = new Map<string, LookupRequest>()
  for (const column of columns) {
    for (const request of [column.price, column.rent, column.sale, column.growth]) {
      if (request && !seen.has(requestHash(request))) seen.set(requestHash(request), request)
    }
  }
  return [...seen.values()]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Cached data is untyped at this boundary: check the shape before use. */
export function asPriceFigure(payload: unknown): PriceFigure | undefined {
  if (!isRecord(payload)) return undefined
  const { price, currency, unit } = payload
  if (typeof price !== 'number' || typeof currency !== 'string') return undefined
  return typeof unit === 'string' ? { price, currency, unit } : { price, currency }
}

export function asGrowthFigure(payload: unknown): GrowthFigure | undefined {
  if (!isRecord(payload)) return undefined
  const { growth, period } = payload
  return typeof growth === 'number' && typeof period === 'string' ? { growth, period } : undefined
}
