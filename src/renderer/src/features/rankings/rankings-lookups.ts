import { useQueryClient } from '@tanstack/react-query'
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

const errorOf = (client: QueryClient, request: LookupRequest): MarketQueryError | null =>
  (client.getQueryCache().get(lookupHash(request))?.state.error as MarketQueryError | null) ?? null

/**
 * Lookups the rows need that the cache has no answer for and that have not failed: a failed one
 * is asked again only when the user asks (Retry failed), never by itself.
 */
export function missingLookups(client: QueryClient, rows: readonly RowRequests[]) {
  return rows
    .flatMap(requestsOfRow)
    .filter((request) => lookupState(client, request).status === 'not-fetched')
}

/** Lookups whose latest answer was a failure (NOT_FOUND is an answer: there is no data). */
export function failedLookups(client: QueryClient, rows: readonly RowRequests[]) {
  return rows.flatMap(requestsOfRow).filter((request) => {
    const error = errorOf(client, request)
    return error !== null && error.code !== 'NOT_FOUND'
  })
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
