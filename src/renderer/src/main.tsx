import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { MarketApi } from '@shared/operations'
import { App } from './app/App'
import { AppProviders } from './app/AppProviders'
import { MissingBridge } from './app/MissingBridge'
import { createApp } from './data/create-app'
import { createIdbSeriesStorage } from './history/observation-history'
import { installFlushOnExit } from './offline-cache/flush-on-exit'
import { createPackedIdbStorage } from './offline-cache/packed-idb-storage'

/** `window.market` comes from the preload script, or from a test harness in a plain browser. */
const market = (window as Window & { market?: MarketApi }).market

const rootElement = document.getElementById('root')
if (rootElement) {
  const root = createRoot(rootElement)
  if (!market) {
    root.render(<MissingBridge />)
  } else {
    const app = createApp({
      market,
      cacheStorage: createPackedIdbStorage(),
      seriesStorage: createIdbSeriesStorage(),
      localStorage: window.localStorage,
      // Injected at build time: part of the offline cache buster.
      appVersion: __APP_VERSION__
    })
    // Before the window closes or reloads, results already shown are written to disk.
    installFlushOnExit(market, [app.deps.cache, app.deps.history])
    void app.restore().then(() =>
      root.render(
        <StrictMode>
          <AppProviders deps={app.deps} queryClient={app.queryClient}>
            <App />
          </AppProviders>
        </StrictMode>
      )
    )
  }
}
