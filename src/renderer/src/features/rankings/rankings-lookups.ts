import { useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { LookupRequest } from '@shared/contract'
import type { TransactionType } from '@shared/spec'
import { useMarket } from '../../data/app-deps'
import { lookupState } from '../../data/location-figures'
import type { FigureLookups, LookupState } from '../../data/location-figures'
import type { MarketQueryError } from '../../data/market-result'
import { cachedQuery, fetchLookups } from '../../data/queries'
import { locationLookups, lookupList, residentialPriceLookup } from '../../lib/location-lookups'
import type { LocationRef } from '../../lib/location-ref'

/** What is ranked: one sector, transaction type and bed type. */
export interface RankingsScope {
  sector: 'residential' | 'land'
  type: TransactionType
  beds: string
  /** The bed type one bedroom smaller, for the per-bedroom premium (none: no premium column). */
  smallerBeds: string | undefined
}

/** The lookups one location's row needs (`smallerPrice`: the chosen type's, smaller bed type). */
export type RowRequests = FigureLookups & { ref: LocationRef }

export function rowRequests(ref: LocationRef, scope: RankingsScope): RowRequests {
  return {
    ref,
    ...locationLookups(ref, scope),
    ...(scope.smallerBeds
      ? { smallerPrice: residentialPriceLookup(ref, scope.type, scope.smallerBeds) }
      : {})
  }
}

export function requestsOfRow(row: RowRequests): LookupRequest[] {
  return row.smallerPrice ? [...lookupList(row), row.smallerPrice] : lookupList(row)
}

/** What the query cache holds for one lookup. */
export const lookupStateIn = (client: QueryClient, request: LookupRequest): LookupState =>
  lookupState(cachedQuery(client, request)?.state)

/**
 * The rows' lookups (`all`), those that nothing answered yet (`missing`), and those whose latest
 * answer was a failure (`failed`, the first one's error: NOT_FOUND is an answer, there is no
 * data). A failed lookup is asked again only when the user asks (Retry failed), never by itself.
 */
export function unansweredLookups(client: QueryClient, rows: readonly RowRequests[]) {
  const all = rows.flatMap(requestsOfRow)
  const missing: LookupRequest[] = []
  const failed: LookupRequest[] = []
  let firstError: MarketQueryError | undefined
  for (const request of all) {
    const error = cachedQuery(client, request)?.state.error as MarketQueryError | null | undefined
    if (error && error.code !== 'NOT_FOUND') {
      failed.push(request)
      firstError ??= error
    } else if (lookupStateIn(client, request).status === 'not-fetched') {
      missing.push(request)
    }
  }
  return { all, missing, failed, firstError }
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
