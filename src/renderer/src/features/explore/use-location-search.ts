import { useDeferredValue, useEffect, useMemo } from 'react'
import type { Location } from '@shared/spec'
import { buildLocationIndex, createLocationSearch } from '../../lib/location-search'

const NO_LOCATIONS: readonly Location[] = []

/**
 * Instant search over a precomputed, sorted, lower-case index. The query is deferred so typing
 * stays responsive; the search narrows the previous result while the query grows. `search` gives
 * the results for any query at once (Enter uses it when the list has not caught up yet).
 */
export function useLocationSearch(locations: readonly Location[] | undefined, query: string) {
  const index = useMemo(() => buildLocationIndex(locations ?? NO_LOCATIONS), [locations])
  const search = useMemo(() => createLocationSearch(index), [index])
  const deferredQuery = useDeferredValue(query)
  const results = useMemo(() => search(deferredQuery), [search, deferredQuery])

  // Build the typo word list while the user reads the list, not on their fourth keystroke.
  useEffect(() => {
    if (index.entries.length === 0) return
    const timer = setTimeout(() => index.typos.prepare(), 300)
    return () => clearTimeout(timer)
  }, [index])

  return {
    index,
    results,
    search,
    searchedQuery: deferredQuery,
    pending: deferredQuery !== query
  }
}
