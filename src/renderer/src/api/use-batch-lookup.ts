import { useQueryClient } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LookupRequest } from '@shared/contract'
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

function createBatchId(): string {
  return `batch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

const NOT_RUN = 'Not looked up: the batch was cancelled.'

/**
 * Many lookups in one `window.market.batchLookup` call, with live progress from `onBatchProgress`
 * and cancellation. Each successful item is written to the same cache entry its single query uses.
 */
export function useBatchLookup() {
  const market = useMarketApi()
  const cache = useMarketCache()
  const client = useQueryClient()
  const [progress, setProgress] = useState<BatchProgress | null>(null)
  const activeBatchId = useRef<string | null>(null)

  useEffect(
    () =>
      market.onBatchProgress((event) => {
        if (event.batchId === activeBatchId.current) {
          setProgress({ done: event.done, total: event.total })
        }
      }),
    [market]
  )

  const run = useCallback(
    async (items: LookupRequest[]): Promise<BatchRun> => {
      const batchId = createBatchId()
      activeBatchId.current = batchId
      setProgress({ done: 0, total: items.length })
      try {
        const result = await callMarket(() => market.batchLookup({ batchId, items }), unwrap)
        const outcomes = await Promise.all(
          items.map(async (request, index): Promise<BatchItemOutcome> => {
            const queryKey = lookupQueryKey(request)
            const itemResult = result.results[index]
            if (!itemResult) {
              return {
                request,
                queryKey,
                error: new MarketQueryError({ code: 'CANCELLED', message: NOT_RUN })
              }
            }
            if (!itemResult.ok) {
              return { request, queryKey, error: new MarketQueryError(itemResult.error) }
            }
            client.setQueryData(queryKey, unwrapWithMeta<unknown>(itemResult))
            await cache.persist(client, queryKey)
            return { request, queryKey }
          })
        )
        void client.invalidateQueries({ queryKey: appKeys.connectionStatus })
        return { outcomes, cancelled: result.cancelled }
      } finally {
        if (activeBatchId.current === batchId) {
          activeBatchId.current = null
          setProgress(null)
        }
      }
    },
    [market, cache, client]
  )

  const cancel = useCallback(() => {
    const batchId = activeBatchId.current
    if (batchId) void market.cancelBatch({ batchId })
  }, [market])

  return { run, cancel, progress }
}
