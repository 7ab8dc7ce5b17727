import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { MarketApi } from '@shared/operations'
import type { AppStores } from '../stores/app-stores'
import { createLookupBatcher } from './lookup-batcher'
import type { LookupBatcher } from './lookup-batcher'
import type { MarketCache } from './market-cache'
import { createRateLimitGate } from './rate-limit-gate'
import type { RateLimitGate } from './rate-limit-gate'
import { withRateLimitGate } from './gated-market'
import { createServiceWaits, withWaitTracking } from './service-waits'
import type { ServiceWaits } from './service-waits'

/** What the UI talks to: `window.market`, the offline cache and small local stores. */
export interface AppServices {
  /** `window.market` behind the rate-limit gate. */
  market: MarketApi
  cache: MarketCache
  stores: AppStores
  /** The gate every service call goes through (see rate-limit-gate.ts). */
  rateLimit: RateLimitGate
  /** What the lookups in flight wait for (rate limited, backing off): see service-waits.ts. */
  waits: ServiceWaits
  /** A screen's lookups in one batch call (see lookup-batcher.ts), through the gate. */
  lookups: LookupBatcher
}

/** The app's services around a raw `window.market`: service calls go through one gate. */
export function createAppServices(
  market: MarketApi,
  cache: MarketCache,
  stores: AppStores,
  rateLimit: RateLimitGate = createRateLimitGate()
): AppServices {
  const waits = createServiceWaits(market)
  const tracked = withWaitTracking(market, waits)
  const gated = withRateLimitGate(tracked, rateLimit)
  const lookups = createLookupBatcher({
    market: gated,
    waits,
    limiting: () => rateLimit.isLimiting()
  })
  return { market: gated, cache, stores, rateLimit, waits, lookups }
}

const ServicesContext = createContext<AppServices | null>(null)

export function ServicesProvider(props: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={props.services}>{props.children}</ServicesContext.Provider>
  )
}

function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>')
  return services
}

export const useMarketApi = (): MarketApi => useServices().market
export const useMarketCache = (): MarketCache => useServices().cache
export const useStores = (): AppStores => useServices().stores
export const useRateLimitGate = (): RateLimitGate => useServices().rateLimit
export const useServiceWaits = (): ServiceWaits => useServices().waits
export const useLookupBatcher = (): LookupBatcher => useServices().lookups
