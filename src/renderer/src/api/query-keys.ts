import type { LookupRequest } from '@shared/contract'
import { OPERATIONS } from '@shared/operations'
import type { LookupParams, ServiceOperation } from '@shared/operations'
import type { Sector } from '@shared/spec'

/** The root of every cached (persisted) market query. */
export const MARKET_ROOT = 'market'

/**
 * A lookup's name in the cache: getGrowth → growth, listLocations → locations. It is part of every
 * stored key, so it must not change between versions (and it is the batch items' `kind`).
 */
export function cacheName(operation: ServiceOperation): string {
  const bare = operation.replace(/^(get|list)/, '')
  return bare.charAt(0).toLowerCase() + bare.slice(1)
}

/** The fields an operation's input schema names (all of them for a schema without a shape). */
function lookupFields(operation: ServiceOperation): ReadonlySet<string> | undefined {
  const schema: { shape?: object } = OPERATIONS[operation].input
  return schema.shape ? new Set(Object.keys(schema.shape)) : undefined
}

/**
 * The parameters as the key holds them: only the operation's own fields (main refuses others),
 * country codes upper-case, absent options left out.
 */
function normalised<K extends ServiceOperation>(
  operation: K,
  params: LookupParams<K>
): LookupParams<K> {
  const fields = lookupFields(operation)
  const entries = Object.entries(params)
    .filter(([field]) => (fields?.has(field) ?? true) && field !== 'requestId')
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([field, value]) => [
      field,
      field === 'countryCode' && typeof value === 'string' ? value.toUpperCase() : value
    ])
  return Object.fromEntries(entries) as LookupParams<K>
}

/** Every market lookup's query key, derived from its operation and parameters. */
export function lookupKey<K extends ServiceOperation>(operation: K, params: LookupParams<K>) {
  return [MARKET_ROOT, cacheName(operation), normalised(operation, params)] as const
}

export const marketKeys = {
  all: [MARKET_ROOT] as const,
  locations: (sector: Sector) => lookupKey('listLocations', { sector }),
  residentialPrice: (params: LookupParams<'getResidentialPrice'>) =>
    lookupKey('getResidentialPrice', params),
  growth: (params: LookupParams<'getGrowth'>) => lookupKey('getGrowth', params),
  landPrice: (params: LookupParams<'getLandPrice'>) => lookupKey('getLandPrice', params)
}

/** App state that is NOT persisted (settings, key status, connection). */
export const appKeys = {
  settings: ['app', 'settings'] as const,
  keyStatus: ['app', 'keyStatus'] as const,
  connectionStatus: ['app', 'connectionStatus'] as const,
  cacheLibrary: ['app', 'cacheLibrary'] as const
}

/** A batch item's key: the same as the single lookup's, so both share one cache entry. */
export function lookupQueryKey(request: LookupRequest) {
  switch (request.kind) {
    case 'residentialPrice': {
      const { kind: _kind, ...params } = request
      return lookupKey('getResidentialPrice', params)
    }
    case 'growth': {
      const { kind: _kind, ...params } = request
      return lookupKey('getGrowth', params)
    }
    case 'landPrice': {
      const { kind: _kind, ...params } = request
      return lookupKey('getLandPrice', params)
    }
  }
}
