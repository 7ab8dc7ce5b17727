import { useEffect, useSyncExternalStore } from 'react'
import type { Settings } from '@shared/settings'
import type { ResolvedTheme } from '../components/theme-context'

type ThemeSetting = Settings['theme']

const DARK_QUERY = '(prefers-color-scheme: dark)'

function systemMedia(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined
}

function subscribeToSystemTheme(listener: () => void): () => void {
  const media = systemMedia()
  media?.addEventListener('change', listener)
  return () => media?.removeEventListener('change', listener)
}

const systemPrefersDark = () => systemMedia()?.matches ?? false

/** The theme in effect: the setting, or the system's when the setting is `system`. */
export function useResolvedTheme(setting: ThemeSetting): ResolvedTheme {
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false)
  if (setting === 'system') return systemDark ? 'dark' : 'light'
  return setting
}

/** CSS follows prefers-color-scheme; `data-theme` on <html> overrides it (see tokens.css). */
export function useApplyTheme(setting: ThemeSetting | undefined): void {
  useEffect(() => {
    if (setting) document.documentElement.dataset['theme'] = setting
  }, [setting])
}
