import { useCallback, useMemo, useRef, useState } from 'react'

/**
 * A request to focus a search box (Ctrl/Cmd+K): `signal` grows with each request, and the first
 * search box to `claim()` it takes focus, also one that mounts only after the request was made.
 */
export interface FocusRequest {
  signal: number
  /** True once per request: the caller should focus its search box. */
  claim(): boolean
}

/** Focus requests made by `request()` and claimed by a LocationPicker. */
export function useFocusRequests(): { focusRequest: FocusRequest; request: () => void } {
  const [signal, setSignal] = useState(0)
  const claimed = useRef(0)
  const focusRequest = useMemo<FocusRequest>(
    () => ({
      signal,
      claim: () => {
        if (claimed.current >= signal) return false
        claimed.current = signal
        return true
      }
    }),
    [signal]
  )
  const request = useCallback(() => setSignal((current) => current + 1), [])
  return { focusRequest, request }
}

/** The Explore search as the app shell keeps it: its query and the focus requests made for it. */
export interface KeptSearch {
  query: string
  onQueryChange: (query: string) => void
  focusRequest: FocusRequest
}

/** Kept by the app shell, so the Explore search survives opening a location and coming back. */
export function useKeptSearch(): { search: KeptSearch; requestFocus: () => void } {
  const [query, onQueryChange] = useState('')
  const { focusRequest, request } = useFocusRequests()
  return { search: { query, onQueryChange, focusRequest }, requestFocus: request }
}

export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'key'>
): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** How the shortcut is written on this platform. */
export const SEARCH_SHORTCUT_KEYS: readonly string[] = isMac ? ['⌘', 'K'] : ['Ctrl', 'K']
