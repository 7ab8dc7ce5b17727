import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useReportMode } from './report-mode'

/** Whether a CSS media query matches, kept current (false where the page has no matchMedia). */
export function useMediaQuery(query: string): boolean {
  // One list per query and component: matchMedia parses the query again at each call.
  const list = useMemo(() => window.matchMedia?.(query), [query])
  const subscribe = useCallback(
    (listener: () => void) => {
      list?.addEventListener('change', listener)
      return () => list?.removeEventListener('change', listener)
    },
    [list]
  )
  const matches = () => list?.matches ?? false
  return useSyncExternalStore(subscribe, matches, () => false)
}

/**
 * True when the system asks for reduced motion, or a report is being printed: charts then draw
 * without animating.
 */
export function usePrefersReducedMotion(): boolean {
  const reduce = useMediaQuery('(prefers-reduced-motion: reduce)')
  return useReportMode() !== undefined || reduce
}
