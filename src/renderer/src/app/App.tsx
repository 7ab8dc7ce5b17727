import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { useSettings } from '../api/use-settings'
import { ErrorNotice } from '../components/ErrorNotice'
import { Skeleton } from '../components/Skeleton'
import { ExploreScreen } from '../features/explore/ExploreScreen'
import { SavedScreen } from '../features/saved/SavedScreen'
import { SettingsScreen } from '../features/settings/SettingsScreen'
import { navigate, routeToHash, useRoute } from '../lib/navigation'
import { FirstRunNote } from './FirstRunNote'
import { NoticesBanner } from './NoticesBanner'
import { NotFoundScreen } from './NotFoundScreen'
import { ReadyMark } from './ReadyMark'
import type { Route } from '../lib/navigation'
import {
  isSearchShortcut,
  SearchFocusContext,
  useFocusRequests
} from '../components/search-shortcut'
import { Sidebar } from './Sidebar'
import { StatusBar } from './StatusBar'
import { useMenuActions } from './use-menu-actions'
import { ThemeContext } from '../components/theme-context'
import { useApplyTheme, useResolvedTheme } from './theme'
import '../styles/tokens.css'
import '../styles/base.css'
import './app-shell.css'
// Types only: the screens' code itself is loaded lazily below.
import type { CompareScreen as CompareScreenComponent } from '../features/compare/CompareScreen'
import type { LocationScreen as LocationScreenComponent } from '../features/location/LocationScreen'

// Screens with charts load after the first screen shows, so recharts is not parsed before it:
// the location and compare screens when the browser is idle (see App).
type LocationScreenType = typeof LocationScreenComponent
type CompareScreenType = typeof CompareScreenComponent
/** Set once the location screen's code has loaded: then it renders without suspending. */
let loadedLocationScreen: LocationScreenType | undefined
const loadLocationScreen = () =>
  import('../features/location/LocationScreen').then((m) => {
    loadedLocationScreen = m.LocationScreen
    return { default: m.LocationScreen }
  })
const LazyLocationScreen = lazy(loadLocationScreen)
/** Set once the compare screen's code has loaded: then it renders without suspending. */
let loadedCompareScreen: CompareScreenType | undefined
const loadCompareScreen = () =>
  import('../features/compare/CompareScreen').then((m) => {
    loadedCompareScreen = m.CompareScreen
    return { default: m.CompareScreen }
  })
const LazyCompareScreen = lazy(loadCompareScreen)
const RankingsScreen = lazy(() =>
  import('../features/rankings/RankingsScreen').then((m) => ({ default: m.RankingsScreen }))
)

function exploreSectorOf(route: Route) {
  return route.screen === 'explore' || route.screen === 'location' ? route.sector : 'residential'
}

export function App() {
  const settings = useSettings()
  const route = useRoute()
  const theme = useResolvedTheme(settings.data?.theme ?? 'system')
  useApplyTheme(settings.data?.theme)
  const { focusRequest, request: requestSearchFocus } = useFocusRequests()
  // Kept here so the Explore search survives opening a location and coming back.
  const [exploreQuery, setExploreQuery] = useState('')
  const sector = exploreSectorOf(route)
  const onExplore = route.screen === 'explore'
  const screenHash = routeToHash(route)

  // Every screen opens at its top, not where the previous one was scrolled to.
  useLayoutEffect(() => {
    const main = document.getElementById('main-content')
    if (main) main.scrollTop = 0
  }, [screenHash])

  useMenuActions({
    explore: { screen: 'explore', sector },
    focusSearch: () => {
      if (!onExplore) navigate({ screen: 'explore', sector })
      requestSearchFocus()
    }
  })

  // The location and compare screens' code loads when the browser is idle after start, so opening
  // one renders it at once: a lazy screen suspends on first use even when its code is there, and
  // React then holds the reveal for its fallback throttle (about 300 ms).
  useEffect(() => {
    const load = () => {
      void loadLocationScreen().catch(() => undefined)
      void loadCompareScreen().catch(() => undefined)
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
      if (!onExplore) navigate({ screen: 'explore', sector })
      requestSearchFocus()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [sector, onExplore, requestSearchFocus])

  const appState = settings.data ? 'ready' : settings.error ? 'error' : 'loading'
  return (
    <ThemeContext.Provider value={theme}>
      <SearchFocusContext.Provider value={focusRequest}>
        <div className="app" data-app-state={appState} data-testid="app-root">
          <button
            type="button"
            className="skip-link"
            onClick={() => document.getElementById('main-content')?.focus()}
          >
            Skip to content
          </button>
          <Sidebar route={route} />
          <main id="main-content" className="app-main" aria-label="Content" tabIndex={-1}>
            <NoticesBanner />
            {settings.data ? (
              <FirstRunNote
                demo={settings.data.connectionMode === 'demo'}
                inSettings={route.screen === 'settings'}
              />
            ) : null}
            {settings.data ? (
              <Suspense fallback={<ScreenLoading />}>
                <Screen
                  route={route}
                  settings={settings.data}
                  exploreQuery={exploreQuery}
                  onExploreQueryChange={setExploreQuery}
                />
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
              <div className="screen">
                <Skeleton width="40%" label="Loading settings" />
              </div>
            )}
          </main>
          <StatusBar settings={settings.data} />
        </div>
      </SearchFocusContext.Provider>
    </ThemeContext.Provider>
  )
}

function ScreenLoading() {
  return (
    <div className="screen">
      <Skeleton width="30%" label="Loading screen" />
    </div>
  )
}

function Screen(props: {
  route: Route
  settings: NonNullable<ReturnType<typeof useSettings>['data']>
  exploreQuery: string
  onExploreQueryChange: (query: string) => void
}) {
  const { route, settings } = props
  switch (route.screen) {
    case 'explore':
      return (
        <ExploreScreen
          sector={route.sector}
          query={props.exploreQuery}
          onQueryChange={props.onExploreQueryChange}
        />
      )
    case 'location': {
      const LocationScreen = loadedLocationScreen ?? LazyLocationScreen
      return (
        <LocationScreen
          sector={route.sector}
          countryCode={route.countryCode}
          slug={route.slug}
          settings={settings}
        />
      )
    }
    case 'compare': {
      const CompareScreen = loadedCompareScreen ?? LazyCompareScreen
      return <CompareScreen settings={settings} />
    }
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
