import { memo, type ReactNode } from 'react'
import { useStores } from '../data/app-deps'
import {
  BookmarkIcon,
  ColumnsIcon,
  CompassIcon,
  LogoMark,
  RankingsIcon,
  SettingsIcon
} from '../components/icons'
import { useStoreValue } from '../stores/persistent-store'
import { exploreSectorOf, routeToHash } from '../lib/navigation'
import { SEARCH_SHORTCUT_KEYS } from '../components/search-shortcut'
import type { Route, Screen } from '../lib/navigation'

type NavScreen = Exclude<Screen, 'location' | 'not-found'>

const NAV_ITEMS: ReadonlyArray<{ screen: NavScreen; label: string; icon: ReactNode }> = [
  { screen: 'explore', label: 'Explore', icon: <CompassIcon /> },
  { screen: 'compare', label: 'Compare', icon: <ColumnsIcon /> },
  { screen: 'rankings', label: 'Rankings', icon: <RankingsIcon /> },
  { screen: 'saved', label: 'Saved & offline', icon: <BookmarkIcon /> },
  { screen: 'settings', label: 'Settings', icon: <SettingsIcon /> }
]

export const Sidebar = memo(function Sidebar(props: { route: Route }) {
  const stores = useStores()
  const compareCount = useStoreValue(stores.compare).length
  const current: Screen = props.route.screen === 'location' ? 'explore' : props.route.screen
  const routeOf = (screen: NavScreen): Route =>
    screen === 'explore' ? { screen, sector: exploreSectorOf(props.route) } : { screen }
  return (
    <aside className="sidebar">
      <div className="brand">
        <LogoMark />
        <span className="brand-name">Market Explorer</span>
      </div>
      <nav aria-label="Main" className="nav">
        {NAV_ITEMS.map((item) => (
          <a
            key={item.screen}
            href={routeToHash(routeOf(item.screen))}
            className="nav-item"
            title={item.label}
            aria-current={current === item.screen ? 'page' : undefined}
            data-testid={`nav-${item.screen}`}
          >
            {item.icon}
            <span className="nav-label">{item.label}</span>
            {item.screen === 'compare' && compareCount > 0 ? (
              <span
                className="badge badge-remote nav-count"
                aria-label={`${compareCount} locations`}
              >
                {compareCount}
              </span>
            ) : null}
          </a>
        ))}
      </nav>
      <div className="sidebar-footer small muted">
        {SEARCH_SHORTCUT_KEYS.map((key) => (
          <kbd key={key}>{key}</kbd>
        ))}
        <span>Search locations</span>
      </div>
    </aside>
  )
})
