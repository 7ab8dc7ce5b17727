/**
 * What the lookups in flight are waiting for (issue 19): main reports each wait before a retry
 * (a 429's Retry-After, or the backoff after a network error) for the request id the renderer
 * named the lookup with. Here those ids are tied to the lookups' query keys, so a screen can show
 * "waiting for the service (rate limited, retrying in N s)" in place of its spinner.
 */
import { hashKey } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { ServiceWaitEventSchema } from '@shared/contract'
import type { ServiceWaitEvent } from '@shared/contract'
import { SERVICE_OPERATIONS } from '@shared/operations'
import type { LookupParams, MarketApi, ServiceOperation } from '@shared/operations'
import type { Result } from '@shared/result'
import { lookupKey } from './query-keys'

export interface ActiveWait {
  /** Unique per wait: a new wait (the next retry) is a new id. */
  id: number
  reason: ServiceWaitEvent['reason']
  waitMs: number
  attempt: number
  maxAttempts: number
  /** When the wait ends, on this page's clock (Date.now()). */
  until: number
  queryHash: string
}

export interface ServiceWaits {
  /** Ties a request id to the query it fetches, until the returned function is called. */
  track(requestId: string, queryKey: QueryKey): () => void
  /** The latest wait of a request fetching one of these queries, if any is waiting. */
  forQueries(queryHashes: readonly string[]): ActiveWait | undefined
  /** The latest wait of any request in flight. */
  latest(): ActiveWait | undefined
  subscribe(listener: () => void): () => void
}

export function createServiceWaits(
  market: Pick<MarketApi, 'onServiceWait'>,
  now: () => number = () => Date.now()
): ServiceWaits {
  const queryOf = new Map<string, string>()
  const waits = new Map<string, ActiveWait>()
  const listeners = new Set<() => void>()
  let sequence = 0
  const changed = (): void => {
    for (const listener of [...listeners]) listener()
  }

  market.onServiceWait((payload) => {
    const parsed = ServiceWaitEventSchema.safeParse(payload)
    if (!parsed.success) return
    const { requestId, ...event } = parsed.data
    const queryHash = queryOf.get(requestId)
    // A wait for a request no longer (or never) in flight here has nobody to show it to.
    if (queryHash === undefined) return
    sequence += 1
    waits.set(requestId, { ...event, id: sequence, until: now() + event.waitMs, queryHash })
    changed()
  })

  const newest = (candidates: Iterable<ActiveWait>): ActiveWait | undefined => {
    let found: ActiveWait | undefined
    for (const wait of candidates) if (!found || wait.id > found.id) found = wait
    return found
  }

  return {
    track(requestId, queryKey) {
      queryOf.set(requestId, hashKey(queryKey))
      return () => {
        queryOf.delete(requestId)
        if (waits.delete(requestId)) changed()
      }
    },
    forQueries(queryHashes) {
      const wanted = new Set(queryHashes)
      return newest([...waits.values()].filter((wait) => wanted.has(wait.queryHash)))
    },
    latest: () => newest(waits.values()),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}

/**
 * `market` whose single lookups, when named with a requestId, are tracked in `waits` while in
 * flight (from when they are sent to main until they answer).
 */
export function withWaitTracking(market: MarketApi, waits: ServiceWaits): MarketApi {
  const tracked: MarketApi = { ...market }
  for (const operation of SERVICE_OPERATIONS) {
    const call = market[operation] as (...args: unknown[]) => Promise<Result<unknown>>
    Object.assign(tracked, {
      [operation]: async (...args: unknown[]) => {
        const input = args[0] as
          (LookupParams<ServiceOperation> & { requestId?: string }) | undefined
        const requestId = input?.requestId
        if (requestId === undefined) return call.apply(market, args)
        const untrack = waits.track(requestId, lookupKey(operation, input as never))
        try {
          return await call.apply(market, args)
        } finally {
          untrack()
        }
      }
    })
  }
  return tracked
}
