import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LookupRequest } from '@shared/contract'
import { toMarketQueryError } from '../../api/market-result'
import type { MarketQueryError } from '../../api/market-result'
import { useMarketCache } from '../../api/services'
import { useBatchLookup } from '../../api/use-batch-lookup'
import { fetchChunks } from './fetch-chunks'
import { LookupStore, lookupId } from './lookup-store'

/** Shortest time between two re-ranks while a fetch is landing. */
const SHOW_EVERY_MS = 250

export interface FetchProgress {
  done: number
  total: number
}

/**
 * The rankings' lookups: what is known (memory, disk, batches), and a fetch of what is missing in
 * chunks through the batch operation, with overall progress and cancel. `version` changes when
 * anything known changes.
 */
export function useRankingsFetch() {
  const client = useQueryClient()
  const cache = useMarketCache()
  const batch = useBatchLookup()
  // What memory holds shows at once; the on-disk cache follows.
  const [store] = useState(() => {
    const known = new LookupStore()
    known.absorbClient(client)
    return known
  })
  const [version, setVersion] = useState(0)
  const [restored, setRestored] = useState(false)
  const [doneBefore, setDoneBefore] = useState<FetchProgress | null>(null)
  const [error, setError] = useState<MarketQueryError | null>(null)
  const stopped = useRef(false)
  const running = useRef(false)
  const bump = useCallback(() => setVersion((v) => v + 1), [])

  useEffect(() => {
    let live = true
    cache
      .listEntries()
      .then((entries) => {
        if (!live) return
        store.absorbEntries(entries)
        store.absorbClient(client)
      })
      .catch(() => undefined) // an unreadable cache: what memory holds is shown
      .finally(() => {
        if (!live) return
        setRestored(true)
        bump()
      })
    return () => {
      live = false
    }
  }, [client, cache, store, bump])

  const cancelBatch = batch.cancel
  useEffect(
    () => () => {
      stopped.current = true
      cancelBatch()
    },
    [cancelBatch]
  )

  const runBatch = batch.run
  const fetchLookups = useCallback(
    async (requests: readonly LookupRequest[]): Promise<void> => {
      if (running.current || requests.length === 0) return
      running.current = true
      stopped.current = false
      setError(null)
      const ids = requests.map(lookupId)
      ids.forEach((id) => store.forget(id))
      store.setPending(ids)
      bump()
      let done = 0
      let lastShown = 0
      setDoneBefore({ done: 0, total: requests.length })
      try {
        for (const part of fetchChunks(requests)) {
          if (stopped.current) break
          let outcomeError: MarketQueryError | undefined
          try {
            const run = await runBatch(part)
            for (const outcome of run.outcomes) {
              const id = lookupId(outcome.request)
              if (!outcome.error) {
                const state = client.getQueryState(outcome.queryKey)
                store.offer(id, state?.data, state?.dataUpdatedAt ?? Date.now())
              } else if (outcome.error.code !== 'CANCELLED') {
                store.fail(id, outcome.error)
                if (outcome.error.code === 'RATE_LIMITED') outcomeError = outcome.error
              }
            }
            if (run.cancelled) stopped.current = true
          } catch (thrown) {
            // The whole call failed (offline, not configured, held by the rate limit): every
            // item of this chunk failed with it and nothing more is asked.
            const failure = toMarketQueryError(thrown)
            part.forEach((request) => store.fail(lookupId(request), failure))
            outcomeError = failure
          }
          store.settle(part.map(lookupId))
          done += part.length
          setDoneBefore({ done, total: requests.length })
          // Partial results show as they land, but a long fetch re-ranks at most a few times a
          // second: each re-rank reads every filtered row.
          if (performance.now() - lastShown >= SHOW_EVERY_MS) {
            lastShown = performance.now()
            bump()
          }
          if (outcomeError) {
            setError(outcomeError)
            break
          }
        }
      } finally {
        store.settle(ids)
        running.current = false
        setDoneBefore(null)
        bump()
      }
    },
    [client, runBatch, store, bump]
  )

  const cancel = useCallback(() => {
    stopped.current = true
    cancelBatch()
  }, [cancelBatch])

  const progress: FetchProgress | null = doneBefore
    ? {
        done: Math.min(doneBefore.total, doneBefore.done + (batch.progress?.done ?? 0)),
        total: doneBefore.total
      }
    : null

  return { store, version, restored, progress, error, fetchLookups, cancel }
}
