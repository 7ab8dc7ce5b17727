import { createContext, useContext } from 'react'

/** Incremented by Ctrl/Cmd+K; the location search focuses itself whenever it changes. */
export const SearchFocusContext = createContext(0)

export function useSearchFocusSignal(): number {
  return useContext(SearchFocusContext)
}

export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** How the shortcut is written on this platform. */
export const SEARCH_SHORTCUT_KEYS: readonly string[] = isMac ? ['⌘', 'K'] : ['Ctrl', 'K']
