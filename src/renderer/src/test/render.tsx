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
import { createFakeMarket } from './fake-market'
import type { FakeMarket } from './fake-market'

export interface RenderOptions {
  market?: FakeMarket
  storage?: CacheStorage
  route?: Route
}

/** Renders `ui` with real providers, a fresh query client and a fake window.market. */
function renderWithServices(ui: ReactElement, options: RenderOptions = {}) {
  const market = options.market ?? createFakeMarket()
  const storage = options.storage ?? createMemoryCacheStorage()
  const cache = createMarketCache(storage, 'test')
  const queryClient = createAppQueryClient(cache)
  const stores = createAppStores(window.localStorage)
  if (options.route) window.location.hash = routeToHash(options.route)
  const result = render(
    <AppProviders services={createAppServices(market, cache, stores)} queryClient={queryClient}>
      {ui}
    </AppProviders>
  )
  return { ...result, market, storage, cache, queryClient, stores }
}

/** The whole app at a route. */
export function renderApp(options: RenderOptions = {}) {
  return renderWithServices(<App />, options)
}
