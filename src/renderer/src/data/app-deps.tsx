import { createContext, useContext } from 'react'
import type { MarketApi } from '@shared/operations'
import type { ObservationHistory } from '../history/observation-history'
import type { OfflineCache } from '../offline-cache/offline-cache'
import type { AppStores } from '../stores/app-stores'

/** What the UI works with: `window.market`, the offline cache, the observed history, the stores. */
export interface AppDeps {
  market: MarketApi
  cache: OfflineCache
  history: ObservationHistory
  stores: AppStores
}

export const AppDepsContext = createContext<AppDeps | null>(null)

function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext)
  if (!deps) throw new Error('useAppDeps must be used inside <AppDepsContext.Provider>')
  return deps
}

export const useMarket = (): MarketApi => useAppDeps().market
export const useOfflineCache = (): OfflineCache => useAppDeps().cache
export const useHistory = (): ObservationHistory => useAppDeps().history
export const useStores = (): AppStores => useAppDeps().stores
