import { notifyManager, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { LookupRequest } from '@shared/contract'
import { useMarket } from '../../data/app-deps'
import type { MarketData, MarketQueryError } from '../../data/market-result'
import { figureQuery, lookupHash } from '../../data/queries'
import type { LookupState } from './rankings-cells'
import { requestsOfRow } from './rankings-requests'
import type { RowRequests } from './rankings-requests'

const PENDING: LookupState = { status: 'pending' }
const NOT_FETCHED: LookupState = { status: 'not-fetched' }

/** What the query cache holds for one lookup, as the rankings read it. */
export function lookupState(client: QueryClient, request: LookupRequest): LookupState {
  const query = client.getQueryCache().get(lookupHash(request))
  if (!query) return NOT_FETCHED
  const { data, error, fetchStatus } = query.state as {
    data: MarketData<unknown> | undefined
    error: MarketQueryError | null
    fetchStatus: string
  }
  if (data !== undefined) return { status: 'ok', data: data.data, meta: data.meta }
  if (fetchStatus === 'fetching') return PENDING
  return error ? { status: 'error', error } : NOT_FETCHED
}

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
    } else if (lookupState(client, request).status === 'not-fetched') {
      missing.push(request)
    }
  }
  return { missing, failed, firstError }
}

interface FetchProgress {
  done: number
  total: number
}

/**
 * Fetches lookups through their query factory, all started together (so they leave in as few
 * batch calls as the batch limit allows), with progress and cancel. `force` refetches answers
 * the cache already has.
 */
export function useFetchLookups() {
  const market = useMarket()
  const client = useQueryClient()
  const [progress, setProgress] = useState<FetchProgress | null>(null)
  /** The lookups of the fetch running now (none: no fetch runs). */
  const running = useRef(new Set<string>())

  const fetchLookups = useCallback(
    async (requests: readonly LookupRequest[], force = false): Promise<void> => {
      if (running.current.size > 0 || requests.length === 0) return
      const total = requests.length
      let done = 0
      running.current = new Set(requests.map(lookupHash))
      setProgress({ done, total })
      await Promise.all(
        requests.map((request) =>
          client
            .fetchQuery({ ...figureQuery(market, request), ...(force ? { staleTime: 0 } : {}) })
            .catch(() => undefined)
            .finally(() => {
              done += 1
              // One state update per item would re-render the screen for each: every 1 %.
              if (done === total || done % Math.ceil(total / 100) === 0) {
                setProgress({ done, total })
              }
            })
        )
      )
      // The rows learn the answers in TanStack's next batch of notifications: "done" waits for it,
      // or a fetch that settled within one task would show as done before its figures.
      await new Promise<void>((resolve) => notifyManager.schedule(resolve))
      running.current = new Set()
      setProgress(null)
    },
    [client, market]
  )

  const cancel = useCallback(() => {
    const hashes = running.current
    void client.cancelQueries({ predicate: (query) => hashes.has(query.queryHash) })
  }, [client])

  return { progress, fetchLookups, cancel }
}
