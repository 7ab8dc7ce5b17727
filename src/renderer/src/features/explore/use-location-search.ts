import { useDeferredValue, useMemo } from 'react'
import type { Location } from '../../../../shared/spec'
import { buildLocationIndex, createLocationSearch } from '../../lib/location-search'

const NO_LOCATIONS: readonly Location[] = []

/**
 * Instant search over a precomputed, sorted, lower-case index. The query is deferred so typing
 * stays responsive; the search narrows the previous result while the query grows.
 */
export function useLocationSearch(locations: readonly Location[] | undefined, query: string) {
  const index = useMemo(() => buildLocationIndex(locations ?? NO_LOCATIONS), [locations])
  const search = useMemo(() => createLocationSearch(index), [index])
  const deferredQuery = useDeferredValue(query)
  const results = useMemo(() => search(deferredQuery), [search, deferredQuery])
  return { index, results, searchedQuery: deferredQuery, pending: deferredQuery !== query }
}
