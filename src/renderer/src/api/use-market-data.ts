import { useQuery } from '@tanstack/react-query'
import type { LookupParams } from '@shared/operations'
import type { Sector } from '@shared/spec'
import { growthQuery, landPriceQuery, locationsQuery } from './market-queries'
import { useMarketApi } from './services'

interface QueryToggle {
  enabled?: boolean
}

export function useLocations(sector: Sector) {
  return useQuery(locationsQuery(useMarketApi(), sector))
}

export function useGrowth(params: LookupParams<'getGrowth'>, options: QueryToggle = {}) {
  return useQuery({ ...growthQuery(useMarketApi(), params), ...options })
}

export function useLandPrice(params: LookupParams<'getLandPrice'>, options: QueryToggle = {}) {
  return useQuery({ ...landPriceQuery(useMarketApi(), params), ...options })
}
