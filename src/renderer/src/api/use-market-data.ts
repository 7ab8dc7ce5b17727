import { useQuery } from '@tanstack/react-query'
import type { LookupParams, ServiceOperation } from '@shared/operations'
import type { Sector } from '@shared/spec'
import { lookupQuery } from './market-queries'
import { useMarketApi } from './services'

interface QueryToggle {
  enabled?: boolean
}

/** Any lookup as a query: cached, persisted for offline use, cancelled when the screen leaves. */
export function useLookup<K extends ServiceOperation>(
  operation: K,
  params: LookupParams<K>,
  options: QueryToggle = {}
) {
  return useQuery({ ...lookupQuery(useMarketApi(), operation, params), ...options })
}

export const useLocations = (sector: Sector) => useLookup('listLocations', { sector })

export const useGrowth = (params: LookupParams<'getGrowth'>, options?: QueryToggle) =>
  useLookup('getGrowth', params, options)

export const useLandPrice = (params: LookupParams<'getLandPrice'>, options?: QueryToggle) =>
  useLookup('getLandPrice', params, options)
