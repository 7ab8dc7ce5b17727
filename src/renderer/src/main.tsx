import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { MarketApi } from '@shared/operations'
import { createIdbCacheStorage, createMemoryCacheStorage } from './api/cache-store/cache-storage'
import { createMarketCache } from './api/market-cache'
import { createAppQueryClient } from './api/query-client'
import { createAppServices } from './api/services'
import { installFlushOnExit } from './api/flush-on-exit'
import {
  createIdbSeriesStorage,
  createMemorySeriesStorage,
  createObservationHistory
} from './api/cache-store/observation-history'
import { recordObservations } from './api/observation-recorder'
import { HistoryProvider } from './api/use-observed-history'
import { App } from './app/App'
import { AppProviders } from './app/AppProviders'
import { MissingBridge } from './app/MissingBridge'
import { APP_VERSION } from './lib/app-version'
import { createAppStores } from './stores/app-stores'

/** `window.market` comes from the preload script, or from a test harness in a plain browser. */
const market = (window as Window & { market?: MarketApi }).market

const rootElement = document.getElementById('root')
if (rootElement) {
  const root = createRoot(rootElement)
  if (!market) {
    root.render(<MissingBridge />)
  } else {
    const storage =
      typeof indexedDB === 'undefined' ? createMemoryCacheStorage() : createIdbCacheStorage()
    const cache = createMarketCache(storage, APP_VERSION)
    const queryClient = createAppQueryClient(cache)
    const history = createObservationHistory(
      typeof indexedDB === 'undefined' ? createMemorySeriesStorage() : createIdbSeriesStorage()
    )
    recordObservations(queryClient, history)
    const services = createAppServices(market, cache, createAppStores(window.localStorage))
    // Before the window closes or reloads, results already shown are written to disk.
    installFlushOnExit(market, [cache, history])
    // Drop expired and outdated cache entries once the app is up (one read of the store, one
    // transaction); damaged ones stay until the user has seen the library's notice.
    setTimeout(() => void cache.collectGarbage().catch(() => undefined), 5_000)
    root.render(
      <StrictMode>
        <HistoryProvider history={history}>
          <AppProviders services={services} queryClient={queryClient}>
            <App />
          </AppProviders>
        </HistoryProvider>
      </StrictMode>
    )
  }
}
