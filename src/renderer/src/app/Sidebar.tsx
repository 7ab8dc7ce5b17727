import type { ReactNode } from 'react'
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

interface NavItem {
  screen: Screen
  label: string
  icon: ReactNode
  route: Route
}

const NAV_ITEMS: NavItem[] = [
  {
    screen: 'explore',
    label: 'Explore',
    icon: <CompassIcon />,
    route: { screen: 'explore', sector: 'residential' }
  },
  { screen: 'compare', label: 'Compare', icon: <ColumnsIcon />, route: { screen: 'compare' } },
  { screen: 'rankings', label: 'Rankings', icon: <RankingsIcon />, route: { screen: 'rankings' } },
  { screen: 'saved', label: 'Saved & offline', icon: <BookmarkIcon />, route: { screen: 'saved' } },
  { screen: 'settings', label: 'Settings', icon: <SettingsIcon />, route: { screen: 'settings' } }
]

export function Sidebar(props: { route: Route }) {
  const stores = useStores()
  const compareCount = useStoreValue(stores.compare).length
  const current: Screen = props.route.screen === 'location' ? 'explore' : props.route.screen
  const exploreRoute: Route = { screen: 'explore', sector: exploreSectorOf(props.route) }
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
            href={routeToHash(item.screen === 'explore' ? exploreRoute : item.route)}
            className="nav-item"
            title={item.label}
            aria-current={current === item.screen ? 'page' : undefined}
            data-testid={`nav-${item.screen}`}
          >
            {item.icon}
            <span className="nav-label">{item.label}</span>
            {item.screen === 'compare' && compareCount > 0 ? (
              <span className="nav-count" aria-label={`${compareCount} locations`}>
                {compareCount}
              </span>
            ) : null}
          </a>
        ))}
      </nav>
      <div className="sidebar-footer muted">
        {SEARCH_SHORTCUT_KEYS.map((key) => (
          <kbd key={key}>{key}</kbd>
        ))}
        <span>Search locations</span>
      </div>
    </aside>
  )
}
