import { hashKey } from '@tanstack/react-query'
import type { LookupRequest } from '@shared/contract'
import type { TransactionType } from '@shared/spec'
import { lookupQueryKey } from '../../api/query-keys'
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

export function requestHash(request: LookupRequest): string {
  return hashKey(lookupQueryKey(request))
}

export function requestsOfRow(row: RowRequests): LookupRequest[] {
  return [row.sale, row.rent, row.land, row.growth, row.smallerPrice].filter(
    (request): request is LookupRequest => request !== undefined
  )
}

/** Lookups per row for a scope (what the confirm step multiplies by). */
export function lookupsPerRow(scope: RankingsScope): number {
  if (scope.sector === 'land') return 2
  return scope.smallerBeds ? 4 : 3
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

export interface PriceFigure {
  price: number
  currency: string
  unit?: string
}

export interface GrowthFigure {
  growth: number
  period: string
}

/** Cached data is untyped at this boundary: check the shape before use. */
export function asPriceFigure(payload: unknown): PriceFigure | undefined {
  if (!isRecord(payload)) return undefined
  const { price, currency, unit } = payload
  if (typeof price !== 'number' || !Number.isFinite(price) || typeof currency !== 'string') {
    return undefined
  }
  return typeof unit === 'string' ? { price, currency, unit } : { price, currency }
}

export function asGrowthFigure(payload: unknown): GrowthFigure | undefined {
  if (!isRecord(payload)) return undefined
  const { growth, period } = payload
  return typeof growth === 'number' && Number.isFinite(growth) && typeof period === 'string'
    ? { growth, period }
    : undefined
}
