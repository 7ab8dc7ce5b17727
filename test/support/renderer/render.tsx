import { render } from '@testing-library/react'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { onTestFinished } from 'vitest'
import { App } from '../../../src/renderer/src/app/App'
import { AppProviders } from '../../../src/renderer/src/app/AppProviders'
import { createApp } from '../../../src/renderer/src/data/create-app'
import type { SeriesStorage } from '../../../src/renderer/src/history/observation-history'
import { routeToHash } from '../../../src/renderer/src/lib/navigation'
import type { Route } from '../../../src/renderer/src/lib/navigation'
import type { CacheStorage } from '../../../src/renderer/src/offline-cache/storage-types'
import { createFakeMarket } from './fake-market'
import type { FakeMarket } from './fake-market'
import { createMemoryCacheStorage, createMemorySeriesStorage } from './memory-storage'

export interface RenderOptions {
  market?: FakeMarket
  /** The offline cache's storage: restored into the query cache before the app renders. */
  storage?: CacheStorage
  /** The observed history's storage. */
  seriesStorage?: SeriesStorage
  route?: Route
}

function setUp(options: RenderOptions) {
  const market = options.market ?? createFakeMarket()
  const storage = options.storage ?? createMemoryCacheStorage()
  const app = createApp({
    market,
    cacheStorage: storage,
    seriesStorage: options.seriesStorage ?? createMemorySeriesStorage(),
    localStorage: window.localStorage,
    appVersion: 'test'
  })
  // Each test's app stops listening to its market and query cache when the test ends.
  onTestFinished(() => app.dispose())
  if (options.route) window.location.hash = routeToHash(options.route)
  const show = (ui: ReactElement) => ({
    // A wrapper, so that `rerender` keeps the providers.
    ...render(ui, {
      wrapper: ({ children }) => (
        <AppProviders deps={app.deps} queryClient={app.queryClient}>
          {children}
        </AppProviders>
      )
    }),
    market,
    storage,
    cache: app.deps.cache,
    history: app.deps.history,
    stores: app.deps.stores,
    queryClient: app.queryClient
  })
  return { app, show, storage }
}

/** The whole app at a route, with a fresh query client, stores and a fake window.market. */
export function renderApp(options: RenderOptions = {}) {
  return setUp(options).show(<App />)
}

/** `ui` inside the app's providers (a fresh query client, stores and a fake window.market). */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  return setUp(options).show(ui)
}

/** As the app starts: the offline cache in `options.storage` restored first, then the app. */
export async function renderRestoredApp(options: RenderOptions = {}) {
  const { app, show } = setUp(options)
  await app.restore()
  return show(<App />)
}

/**
 * An offline cache filled the way using the app fills it: `ask` asks queries of the app's client
 * (each answer written to its own record); resolves once every write is on disk.
 */
export async function filledCache(
  ask: (client: QueryClient, market: FakeMarket) => Promise<unknown>,
  market: FakeMarket = createFakeMarket()
): Promise<CacheStorage> {
  const { app, storage } = setUp({ market })
  await ask(app.queryClient, market)
  // A write starts a moment after its answer lands.
  await new Promise((resolve) => setTimeout(resolve, 0))
  await app.deps.cache.flush()
  return storage
}

/** The location screen of Lekki Phase 1 (residential), the route most screen tests open. */
export const LEKKI = {
  screen: 'location',
  sector: 'residential',
  countryCode: 'NG',
  slug: 'lekki-phase-1'
} as const
