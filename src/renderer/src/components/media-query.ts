import { useCallback, useSyncExternalStore } from 'react'
import { useReportMode } from './report-mode'

/** One list per query: each matchMedia call parses the query again (a cost in every render). */
const lists = new Map<string, MediaQueryList | undefined>()
const mediaList = (query: string) =>
  lists.get(query) ?? lists.set(query, window.matchMedia?.(query)).get(query)

/** Whether a CSS media query matches, kept current (false where the page has no matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = mediaList(query)
      list?.addEventListener('change', listener)
      return () => list?.removeEventListener('change', listener)
    },
    [query]
  )
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? false,
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
