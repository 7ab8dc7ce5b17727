import { useQueryClient } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { parseBatchItemResult } from '@shared/batch-item'
import type { BatchProgressEvent, LookupRequest, LookupResult } from '@shared/contract'
import { callMarket, MarketQueryError, unwrap, unwrapWithMeta } from './market-result'
import { appKeys, lookupQueryKey } from './query-keys'
import { useMarketApi, useMarketCache } from './services'

export interface BatchItemOutcome {
  request: LookupRequest
  queryKey: QueryKey
  error?: MarketQueryError
}

export interface BatchRun {
  outcomes: BatchItemOutcome[]
  cancelled: boolean
}

export interface BatchProgress {
  done: number
  total: number
}

export interface BatchRunOptions {
  /**
   * Told of each item's outcome once, as it lands (main streams the finished items' Results with
   * its progress), before the call ends; an item not streamed is told when the call ends.
   */
  onOutcome?: (outcome: BatchItemOutcome) => void
}

export interface BatchLookupOptions {
  /** Keep `progress` (a state update per item): off for a caller that counts outcomes itself. */
  trackProgress?: boolean
}

function createBatchId(): string {
  return `batch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

const NOT_RUN = 'Not looked up: the batch was cancelled.'

/** A call in flight: its items, the outcomes known so far and the cache writes under way. */
interface ActiveBatch {
  items: readonly LookupRequest[]
  outcomes: Array<BatchItemOutcome | undefined>
  writes: Array<Promise<unknown>>
  onOutcome: ((outcome: BatchItemOutcome) => void) | undefined
}

/**
 * Many lookups in one `window.market.batchLookup` call, with live progress from `onBatchProgress`
 * and cancellation. Each successful item is written to the same cache entry its single query uses
 * as soon as its Result arrives (validated against its kind's schema), not when the call ends.
 */
export function useBatchLookup(options: BatchLookupOptions = {}) {
  const trackProgress = options.trackProgress ?? true
  const market = useMarketApi()
  const cache = useMarketCache()
  const client = useQueryClient()
  const [progress, setProgress] = useState<BatchProgress | null>(null)
  const activeBatchId = useRef<string | null>(null)
  const active = useRef(new Map<string, ActiveBatch>())

  /** The outcome of item `index`, its data cached; undefined when it is already known. */
  const settle = useCallback(
    (batch: ActiveBatch, index: number, result: LookupResult | undefined) => {
      const request = batch.items[index]
      if (!request || batch.outcomes[index]) return undefined
      const queryKey = lookupQueryKey(request)
      let outcome: BatchItemOutcome
      if (!result) {
        outcome = {
          request,
          queryKey,
          error: new MarketQueryError({ code: 'CANCELLED', message: NOT_RUN })
        }
      } else if (!result.ok) {
        outcome = { request, queryKey, error: new MarketQueryError(result.error) }
      } else {
        client.setQueryData(queryKey, unwrapWithMeta<unknown>(result))
        const write = cache.persist(client, queryKey)
        // Awaited when the call ends; observed now so a failed call leaves no unhandled rejection.
        write.catch(() => undefined)
        batch.writes.push(write)
        outcome = { request, queryKey }
      }
      batch.outcomes[index] = outcome
      batch.onOutcome?.(outcome)
      return outcome
    },
    [client, cache]
  )

  useEffect(
    () =>
      market.onBatchProgress((event: BatchProgressEvent) => {
        const batch = active.current.get(event.batchId)
        if (!batch) return
        for (const item of event.items ?? []) {
          const request = batch.items[item.index]
          // An item that does not check out is taken from the call's reply instead.
          const result = request ? parseBatchItemResult(request, item.result) : undefined
          if (result) settle(batch, item.index, result)
        }
        if (trackProgress && event.batchId === activeBatchId.current) {
          setProgress({ done: event.done, total: event.total })
        }
      }),
    [market, settle, trackProgress]
  )

  const run = useCallback(
    async (items: LookupRequest[], runOptions: BatchRunOptions = {}): Promise<BatchRun> => {
      const batchId = createBatchId()
      const batch: ActiveBatch = {
        items,
        outcomes: [],
        writes: [],
        onOutcome: runOptions.onOutcome
      }
      active.current.set(batchId, batch)
      activeBatchId.current = batchId
      if (trackProgress) setProgress({ done: 0, total: items.length })
      try {
        const result = await callMarket(() => market.batchLookup({ batchId, items }), unwrap)
        items.forEach((_, index) => settle(batch, index, result.results[index]))
        await Promise.all(batch.writes)
        void client.invalidateQueries({ queryKey: appKeys.connectionStatus })
        const outcomes = items.map((_, index) => batch.outcomes[index] as BatchItemOutcome)
        return { outcomes, cancelled: result.cancelled }
      } finally {
        active.current.delete(batchId)
        if (activeBatchId.current === batchId) {
          activeBatchId.current = null
          if (trackProgress) setProgress(null)
        }
      }
    },
    [market, client, settle, trackProgress]
  )

  /** Cancels every call of this hook in flight. */
  const cancel = useCallback(() => {
    for (const batchId of active.current.keys()) void market.cancelBatch({ batchId })
  }, [market])

  return { run, cancel, progress }
}
