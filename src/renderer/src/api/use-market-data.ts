import { useQuery } from '@tanstack/react-query'
import type { Sector } from '@shared/spec'
import {
  growthQuery,
  landPriceQuery,
  locationsQuery,
  residentialPriceQuery
} from './market-queries'
import type { GrowthParams, LandPriceParams, ResidentialPriceParams } from './query-keys'
import { useMarketApi } from './services'

interface QueryToggle {
  enabled?: boolean
}

export function useLocations(sector: Sector) {
  return useQuery(locationsQuery(useMarketApi(), sector))
}

export function useResidentialPrice(params: ResidentialPriceParams, options: QueryToggle = {}) {
  return useQuery({ ...residentialPriceQuery(useMarketApi(), params), ...options })
}

export function useGrowth(params: GrowthParams, options: QueryToggle = {}) {
  return useQuery({ ...growthQuery(useMarketApi(), params), ...options })
}

export function useLandPrice(params: LandPriceParams, options: QueryToggle = {}) {
  return useQuery({ ...landPriceQuery(useMarketApi(), params), ...options })
}
