import type { LookupRequest } from '@shared/contract'
import type { Sector, TransactionType } from '@shared/spec'

export interface ResidentialPriceParams {
  location: string
  countryCode: string
  type: TransactionType
  beds: string
}

export interface GrowthParams {
  location: string
  countryCode: string
  sector: Sector
  type?: TransactionType
  beds?: string
}

export interface LandPriceParams {
  location: string
  countryCode: string
}

/** The root of every cached (persisted) market query. */
export const MARKET_ROOT = 'market'

export const marketKeys = {
  all: [MARKET_ROOT] as const,
  locations: (sector: Sector) => [MARKET_ROOT, 'locations', { sector }] as const,
  residentialPrice: (params: ResidentialPriceParams) =>
    [
      MARKET_ROOT,
      'residentialPrice',
      {
        location: params.location,
        countryCode: params.countryCode.toUpperCase(),
        type: params.type,
        beds: params.beds
      }
    ] as const,
  growth: (params: GrowthParams) =>
    [
      MARKET_ROOT,
      'growth',
      {
        location: params.location,
        countryCode: params.countryCode.toUpperCase(),
        sector: params.sector,
        ...(params.type ? { type: params.type } : {}),
        ...(params.beds ? { beds: params.beds } : {})
      }
    ] as const,
  landPrice: (params: LandPriceParams) =>
    [
      MARKET_ROOT,
      'landPrice',
      { location: params.location, countryCode: params.countryCode.toUpperCase() }
    ] as const
}

/** App state that is NOT persisted (settings, key status, connection). */
export const appKeys = {
  settings: ['app', 'settings'] as const,
  keyStatus: ['app', 'keyStatus'] as const,
  connectionStatus: ['app', 'connectionStatus'] as const,
  cacheLibrary: ['app', 'cacheLibrary'] as const
}

export function lookupQueryKey(request: LookupRequest) {
  switch (request.kind) {
    case 'residentialPrice':
      return marketKeys.residentialPrice(request)
    case 'growth':
      return marketKeys.growth(request)
    case 'landPrice':
      return marketKeys.landPrice(request)
  }
}
