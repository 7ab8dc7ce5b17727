import { useEffect } from 'react'
import type { Settings } from '@shared/settings'
import { useMediaQuery } from '../components/media-query'
import type { ResolvedTheme } from '../components/theme-context'

type ThemeSetting = Settings['theme']

/** The theme in effect: the setting, or the system's when the setting is `system`. */
export function useResolvedTheme(setting: ThemeSetting): ResolvedTheme {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)')
  if (setting === 'system') return systemDark ? 'dark' : 'light'
  return setting
}

/** CSS follows the system's colour scheme; `data-theme` on <html> fixes it (see tokens.css). */
export function useApplyTheme(setting: ThemeSetting | undefined): void {
  useEffect(() => {
    if (setting) document.documentElement.dataset['theme'] = setting
  }, [setting])
}
