import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryCacheStorage } from '../api/cache-store/cache-storage'
import type { CacheStorage } from '../api/cache-store/storage-types'
import { createMarketCache } from '../api/market-cache'
import { createAppQueryClient } from '../api/query-client'
import { createAppServices } from '../api/services'
import { App } from '../app/App'
import { AppProviders } from '../app/AppProviders'
import { routeToHash } from '../lib/navigation'
import type { Route } from '../lib/navigation'
import { createAppStores } from '../stores/app-stores'
import type { ObservationHistory } from '../api/cache-store/observation-history'
import { recordObservations } from '../api/observation-recorder'
import { HistoryProvider } from '../api/use-observed-history'
import { createFakeMarket } from './fake-market'
import type { FakeMarket } from './fake-market'

export interface RenderOptions {
  market?: FakeMarket
  storage?: CacheStorage
  route?: Route
  /** An observed history to read and record into (as main.tsx wires it). */
  history?: ObservationHistory
}

/** Renders `ui` with real providers, a fresh query client and a fake window.market. */
function renderWithServices(ui: ReactElement, options: RenderOptions = {}) {
  const market = options.market ?? createFakeMarket()
  const storage = options.storage ?? createMemoryCacheStorage()
  const cache = createMarketCache(storage, 'test')
  const queryClient = createAppQueryClient(cache)
  const stores = createAppStores(window.localStorage)
  if (options.route) window.location.hash = routeToHash(options.route)
  const providers = (
    <AppProviders services={createAppServices(market, cache, stores)} queryClient={queryClient}>
      {ui}
    </AppProviders>
  )
  if (options.history) recordObservations(queryClient, options.history)
  const result = render(
    options.history ? (
      <HistoryProvider history={options.history}>{providers}</HistoryProvider>
    ) : (
      providers
    )
  )
  return { ...result, market, storage, cache, queryClient, stores }
}

/** The whole app at a route. */
export function renderApp(options: RenderOptions = {}) {
  return renderWithServices(<App />, options)
}
