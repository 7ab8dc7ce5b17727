import { skipToken, useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useState } from 'react'
import type { LookupRequest } from '@shared/contract'
import type { MarketData, MarketQueryError, Provenance } from '../../api/market-result'
import { lookupQueryKey } from '../../api/query-keys'
import { loadCompareFigures, mergeItemErrors, refreshOutcomeOf } from './compare-loader'
import type { RefreshOutcome } from '../../api/refresh'
import { useMarketCache } from '../../api/services'
import { useBatchLookup } from '../../api/use-batch-lookup'
import type { LocationRef } from '../../lib/location-ref'
import type { CompareView } from '../../stores/app-stores'
import type { CompareInput, Fetched } from './compare-model'
import {
  asGrowthFigure,
  asPriceFigure,
  columnRequests,
  requestHash,
  uniqueRequests
} from './compare-requests'

function isMarketData(value: unknown): value is MarketData<unknown> {
  return typeof value === 'object' && value !== null && 'data' in value && 'meta' in value
}

/**
 * Figures for the compare table. They are read from the shared query cache; whatever is missing
 * (not in memory, not on disk, or stale) is fetched in one batchLookup with progress.
 */
export function useCompareData(refs: readonly LocationRef[], view: CompareView) {
  const client = useQueryClient()
  const cache = useMarketCache()
  const batch = useBatchLookup()
  const [itemErrors, setItemErrors] = useState<ReadonlyMap<string, MarketQueryError>>(new Map())
  const [batchError, setBatchError] = useState<MarketQueryError | null>(null)

  const columns = refs.map((ref) => columnRequests(ref, view))
  const requests = uniqueRequests(columns)
  const hashes = requests.map(requestHash)
  const results = useQueries({
    queries: requests.map((request) => ({
      queryKey: lookupQueryKey(request),
      queryFn: skipToken,
      gcTime: Infinity
    }))
  })
  const dataByHash = new Map<string, MarketData<unknown>>()
  results.forEach((result, index) => {
    const hash = hashes[index]
    if (hash && isMarketData(result.data)) dataByHash.set(hash, result.data)
  })

  const load = (force: boolean): Promise<RefreshOutcome> =>
    loadCompareFigures(requests, force, {
      client,
      cache,
      runBatch: batch.run,
      knownNotFound: (hash) => itemErrors.get(hash)?.code === 'NOT_FOUND'
    }).then((result) => {
      if (result.kind === 'failed') setBatchError(result.error)
      if (result.kind === 'batch') {
        setBatchError(null)
        setItemErrors((previous) => mergeItemErrors(previous, result.run))
      }
      return refreshOutcomeOf(result)
    })

  const requestsKey = hashes.join('|')
  const loadMissing = useEffectEvent(() => {
    void load(false)
  })
  useEffect(() => {
    if (requestsKey) loadMissing()
  }, [requestsKey])

  const fetched = <T>(
    request: LookupRequest,
    read: (payload: unknown) => T | undefined
  ): Fetched<T> => {
    const hash = requestHash(request)
    const stored = dataByHash.get(hash)
    const data = stored ? read(stored.data) : undefined
    if (stored && data) return { status: 'ok', data, meta: stored.meta }
    const error = itemErrors.get(hash) ?? batchError
    return error ? { status: 'error', error } : { status: 'loading' }
  }

  const inputs: CompareInput[] = columns.map((column) => ({
    ref: column.ref,
    price: fetched(column.price, asPriceFigure),
    growth: fetched(column.growth, asGrowthFigure),
    ...(column.rent ? { rent: fetched(column.rent, asPriceFigure) } : {}),
    ...(column.sale ? { sale: fetched(column.sale, asPriceFigure) } : {})
  }))

  const metas: Provenance[] = [...dataByHash.values()].map((data) => data.meta)
  const visibleErrors = hashes.flatMap((hash) => itemErrors.get(hash) ?? [])
  const error =
    batchError ??
    visibleErrors.find((e) => e.code !== 'NOT_FOUND' && e.code !== 'CANCELLED') ??
    undefined

  return {
    inputs,
    metas,
    error,
    progress: batch.progress,
    cancel: batch.cancel,
    refresh: () => load(true),
    retry: () => void load(false)
  }
}
