import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, kept current (false where the page has no matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia?.(query)
      list?.addEventListener('change', listener)
      return () => list?.removeEventListener('change', listener)
    },
    [query]
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false
  )
}

/** True when the system asks for reduced motion: charts then draw without animating. */
export const usePrefersReducedMotion = (): boolean =>
  useMediaQuery('(prefers-reduced-motion: reduce)')
