/**
 * Carries out the application menu's actions (desktop app): go to a screen, open Settings, focus
 * the location search, export, switch theme. Each arrives already checked by the preload and is
 * parsed again here with the shared enum.
 */
import { useEffect, useEffectEvent } from 'react'
import { MenuActionSchema } from '@shared/desktop'
import type { MenuAction } from '@shared/desktop'
import type { Settings } from '@shared/settings'
import { useMarket } from '../data/app-deps'
import { useUpdateSettings } from '../data/use-settings'
import { runMenuExport } from '../components/menu-export'
import type { MenuExportKind } from '../components/menu-export'
import { useToast } from '../components/Toasts'
import { navigate } from '../lib/navigation'
import type { Route } from '../lib/navigation'

type ExploreRoute = Extract<Route, { screen: 'explore' }>

const SCREENS: Partial<Record<MenuAction, (explore: ExploreRoute) => Route>> = {
  'go-explore': (explore) => explore,
  'go-rankings': () => ({ screen: 'rankings' }),
  'go-compare': () => ({ screen: 'compare' }),
  'go-saved': () => ({ screen: 'saved' }),
  'open-settings': () => ({ screen: 'settings' })
}

const THEMES: Partial<Record<MenuAction, Settings['theme']>> = {
  'theme-system': 'system',
  'theme-light': 'light',
  'theme-dark': 'dark'
}

/** Each export the menu offers, and what to say when the screen has nothing of that kind. */
const EXPORTS = {
  'export-csv': {
    kind: 'csv',
    nothing: 'Open Compare with at least one location to export a table.'
  },
  'export-png': { kind: 'png', nothing: 'Open a location or Compare to export a chart.' },
  'export-report': { kind: 'report', nothing: 'Open a location to export its report.' }
} as const satisfies Partial<Record<MenuAction, { kind: MenuExportKind; nothing: string }>>

export function useMenuActions(options: {
  /** Explore in the sector the user was last in. */
  explore: ExploreRoute
  /** Go to Explore (if elsewhere) and focus its search, as Ctrl/Cmd+K does. */
  focusSearch: () => void
}): void {
  const market = useMarket()
  const updateSettings = useUpdateSettings()
  const notify = useToast()
  const onMenuAction = useEffectEvent((received: unknown) => {
    const parsed = MenuActionSchema.safeParse(received)
    if (!parsed.success) return
    const action = parsed.data
    const screen = SCREENS[action]
    const theme = THEMES[action]
    if (screen) navigate(screen(options.explore))
    else if (theme) updateSettings.mutate({ theme })
    else if (action === 'focus-search') options.focusSearch()
    else if (action in EXPORTS) {
      const { kind, nothing } = EXPORTS[action as keyof typeof EXPORTS]
      if (!runMenuExport(kind)) {
        notify({ tone: 'info', title: 'Nothing to export here', detail: nothing })
      }
    }
  })
  useEffect(() => market.onMenuAction(onMenuAction), [market])
}
