import { useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { LookupRequest } from '@shared/contract'
import { useMarket } from '../../data/app-deps'
import { lookupState } from '../../data/location-figures'
import type { LookupState } from '../../data/location-figures'
import type { MarketQueryError } from '../../data/market-result'
import { fetchLookups, lookupHash } from '../../data/queries'
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

/**
 * Fetches lookups through their query factory, all started together (so they leave in as few
 * batch calls as the batch limit allows; answers the cache has are fetched again), with progress
 * and cancel.
 */
export function useFetchLookups() {
  const market = useMarket()
  const client = useQueryClient()
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const running = useRef<AbortController | null>(null)
  const fetch = useCallback(
    async (requests: readonly LookupRequest[]) => {
      if (running.current || requests.length === 0) return
      const controller = (running.current = new AbortController())
      const total = requests.length
      setProgress({ done: 0, total })
      const onSettled = (done: number) => setProgress({ done, total })
      await fetchLookups(client, market, requests, onSettled, controller.signal)
      running.current = null
      setProgress(null)
    },
    [client, market]
  )
  const cancel = useCallback(() => running.current?.abort(), [])
  return { busy: progress !== null, progress, fetchLookups: fetch, cancel }
}
