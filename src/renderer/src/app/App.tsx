import { lazy, Suspense, useCallback, useEffect, useLayoutEffect } from 'react'
import type { ComponentType } from 'react'
import { useSettings } from '../data/use-settings'
import { ErrorNotice } from '../components/ErrorNotice'
import { Skeleton } from '../components/Skeleton'
import { ExploreScreen } from '../features/explore/ExploreScreen'
import { SavedScreen } from '../features/saved/SavedScreen'
import { SettingsScreen } from '../features/settings/SettingsScreen'
import { exploreSectorOf, navigate, routeToHash, useRoute } from '../lib/navigation'
import { FirstRunNote } from './FirstRunNote'
import { NoticesBanner } from './NoticesBanner'
import { NotFoundScreen } from './NotFoundScreen'
import type { Route } from '../lib/navigation'
import { isSearchShortcut, useKeptSearch } from '../components/search-shortcut'
import type { KeptSearch } from '../components/search-shortcut'
import { Sidebar } from './Sidebar'
import { StatusBar } from './StatusBar'
import { useMenuActions } from './use-menu-actions'
import '../styles/tokens.css'
import '../styles/base.css'
import './app-shell.css'

/**
 * A screen whose code loads lazily and can be loaded ahead of use: once loaded it renders without
 * suspending (a lazy screen suspends on first use even when its code is there, and React then
 * holds the reveal for its fallback throttle, about 300 ms).
 */
function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined
  const preload = () =>
    load().then((screen) => {
      loaded = screen
      return { default: screen }
    })
  const Lazy = lazy(preload)
  function Screen(props: P) {
    const Loaded = loaded ?? Lazy
    return <Loaded {...props} />
  }
  return { preload, Screen }
}

// Screens with charts load after the first screen shows, so recharts is not parsed before it.
const LocationScreen = preloadable(() =>
  import('../features/location/LocationScreen').then((m) => m.LocationScreen)
)
const CompareScreen = preloadable(() =>
  import('../features/compare/CompareScreen').then((m) => m.CompareScreen)
)
const RankingsScreen = lazy(() =>
  import('../features/rankings/RankingsScreen').then((m) => ({ default: m.RankingsScreen }))
)

export function App() {
  const settings = useSettings()
  const route = useRoute()
  const theme = settings.data?.theme
  // tokens.css follows the system's colour scheme; data-theme on <html> fixes it to the setting.
  useEffect(() => {
    if (theme) document.documentElement.dataset['theme'] = theme
  }, [theme])
  const { search, requestFocus: requestSearchFocus } = useKeptSearch()
  const sector = exploreSectorOf(route)
  const onExplore = route.screen === 'explore'
  const screenHash = routeToHash(route)

  // Every screen opens at its top, not where the previous one was scrolled to.
  useLayoutEffect(() => {
    const main = document.getElementById('main-content')
    if (main) main.scrollTop = 0
  }, [screenHash])

  // Ctrl/Cmd+K and the menu's "Search locations": Explore (if elsewhere), its search focused.
  const focusSearch = useCallback(() => {
    if (!onExplore) navigate({ screen: 'explore', sector })
    requestSearchFocus()
  }, [onExplore, sector, requestSearchFocus])
  useMenuActions({ explore: { screen: 'explore', sector }, focusSearch })

  // Location and Compare load their code when the browser is idle: opening one renders at once.
  useEffect(() => {
    const load = () => {
      void LocationScreen.preload().catch(() => undefined)
      void CompareScreen.preload().catch(() => undefined)
    }
    if (typeof requestIdleCallback !== 'function') return
    const idle = requestIdleCallback(load, { timeout: 2_000 })
    return () => cancelIdleCallback(idle)
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A panel with its own search (Compare's "Add location") handles the shortcut itself.
      if (!isSearchShortcut(event) || event.defaultPrevented) return
      event.preventDefault()
      focusSearch()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [focusSearch])

  const appState = settings.data ? 'ready' : settings.error ? 'error' : 'loading'
  return (
    <div className="app" data-app-state={appState} data-testid="app-root">
      <button
        type="button"
        className="btn skip-link"
        onClick={() => document.getElementById('main-content')?.focus()}
      >
        Skip to content
      </button>
      <Sidebar route={route} />
      <main id="main-content" className="app-main" aria-label="Content" tabIndex={-1}>
        <NoticesBanner />
        <FirstRunNote />
        {settings.data ? (
          <Suspense fallback={<ScreenLoading label="Loading screen" width="30%" />}>
            <Screen route={route} settings={settings.data} search={search} />
            <ReadyMark />
          </Suspense>
        ) : settings.error ? (
          <div className="screen">
            <ErrorNotice
              error={settings.error}
              onRetry={() => void settings.refetch()}
              context="Loading settings"
            />
          </div>
        ) : (
          <ScreenLoading label="Loading settings" width="40%" />
        )}
      </main>
      <StatusBar />
    </div>
  )
}

/** Performance mark set once, when the first screen has rendered: start-up benchmarks read it. */
export const READY_MARK = 'market-explorer:ready'

/** Render inside the screen's Suspense boundary: it commits only with the screen itself. */
function ReadyMark() {
  useEffect(() => {
    if (performance.getEntriesByName(READY_MARK).length === 0) performance.mark(READY_MARK)
  }, [])
  return null
}

function ScreenLoading(props: { label: string; width: string }) {
  return (
    <div className="screen">
      <Skeleton width={props.width} label={props.label} />
    </div>
  )
}

function Screen(props: {
  route: Route
  settings: NonNullable<ReturnType<typeof useSettings>['data']>
  search: KeptSearch
}) {
  const { route, settings } = props
  switch (route.screen) {
    case 'explore':
      return <ExploreScreen sector={route.sector} search={props.search} />
    case 'location':
      // The route's sector, country code and slug.
      return <LocationScreen.Screen {...route} settings={settings} />
    case 'compare':
      return <CompareScreen.Screen settings={settings} />
    case 'rankings':
      return <RankingsScreen settings={settings} />
    case 'saved':
      return <SavedScreen settings={settings} />
    case 'settings':
      return <SettingsScreen settings={settings} />
    case 'not-found':
      return <NotFoundScreen hash={route.hash} />
  }
}
