import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

/** True when nothing has focus: the focused element was removed, or the page just loaded. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body
}

/**
 * For a screen's heading (tabIndex -1): takes focus when the screen appears and focus would
 * otherwise fall to the page body, e.g. after the element that opened the screen went away.
 * Focus the user put somewhere else (a tab, the sidebar) stays where it is.
 */
export function useArrivalFocus<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (focusIsLost()) ref.current?.focus({ preventScroll: true })
  }, [])
  return ref
}
