import { useCallback, useSyncExternalStore } from 'react'
import { useReportMode } from './report-mode'

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

/**
 * True when the system asks for reduced motion, or a report is being printed: charts then draw
 * without animating.
 */
export function usePrefersReducedMotion(): boolean {
  const reduce = useMediaQuery('(prefers-reduced-motion: reduce)')
  return useReportMode() !== undefined || reduce
}
