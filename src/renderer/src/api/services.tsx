import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { MarketApi } from '../../../shared/contract'
import type { AppStores } from '../stores/app-stores'
import type { MarketCache } from './market-cache'

/** What the UI talks to: `window.market`, the offline cache and small local stores. */
export interface AppServices {
  market: MarketApi
  cache: MarketCache
  stores: AppStores
}

const ServicesContext = createContext<AppServices | null>(null)

export function ServicesProvider(props: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={props.services}>{props.children}</ServicesContext.Provider>
  )
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>')
  return services
}

export const useMarketApi = (): MarketApi => useServices().market
export const useMarketCache = (): MarketCache => useServices().cache
export const useStores = (): AppStores => useServices().stores
