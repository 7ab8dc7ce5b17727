import { useIsFetching, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { LookupRequest } from '@shared/contract'
import { useMarket } from '../../data/app-deps'
import { lookupState } from '../../data/location-figures'
import type { LookupState } from '../../data/location-figures'
import type { MarketQueryError } from '../../data/market-result'
import { figureQuery, lookupHash } from '../../data/queries'
import { requestsOfRow } from './rankings-requests'
import type { RowRequests } from './rankings-requests'

/** What the query cache holds for one lookup. */
export const lookupStateIn = (client: QueryClient, request: LookupRequest): LookupState =>
  lookupState(client.getQueryCache().get(lookupHash(request))?.state)

/**
 * The rows' lookups that nothing answered yet (`missing`), and those whose latest answer was a
 * failure (`failed`, the first one's error: NOT_FOUND is an answer, there is no data). A failed
 * lookup is asked again only when the user asks (Retry failed), never by itself.
 */
export function unansweredLookups(client: QueryClient, rows: readonly RowRequests[]) {
  const missing: LookupRequest[] = []
  const failed: LookupRequest[] = []
  let firstError: MarketQueryError | undefined
  for (const request of rows.flatMap(requestsOfRow)) {
    const error = client.getQueryCache().get(lookupHash(request))?.state.error as
      MarketQueryError | null | undefined
    if (error && error.code !== 'NOT_FOUND') {
      failed.push(request)
      firstError ??= error
    } else if (lookupStateIn(client, request).status === 'not-fetched') {
      missing.push(request)
    }
  }
  return { missing, failed, firstError }
}

const NOTHING_ASKED: ReadonlySet<string> = new Set()

/**
 * Fetches lookups through their query factory, all started together (so they leave in as few
 * batch calls as the batch limit allows), with progress and cancel. `force` refetches answers
 * the cache already has. Whether the fetch runs, and how far it got, is read from the query
 * cache: its lookups that are still fetching.
 */
export function useFetchLookups() {
  const market = useMarket()
  const client = useQueryClient()
  /** The lookups of the latest fetch. */
  const [asked, setAsked] = useState(NOTHING_ASKED)
  const fetching = useIsFetching({ predicate: (query) => asked.has(query.queryHash) })
  const busy = fetching > 0

  const fetchLookups = useCallback(
    (requests: readonly LookupRequest[], force = false) => {
      if (busy || requests.length === 0) return
      setAsked(new Set(requests.map(lookupHash)))
      for (const request of requests) {
        const options = { ...figureQuery(market, request), ...(force ? { staleTime: 0 } : {}) }
        void client.fetchQuery(options).catch(() => undefined)
      }
    },
    [busy, client, market]
  )

  const cancel = useCallback(
    () => void client.cancelQueries({ predicate: (query) => asked.has(query.queryHash) }),
    [client, asked]
  )

  const progress = busy ? { done: asked.size - fetching, total: asked.size } : null
  return { busy, progress, fetchLookups, cancel }
}
