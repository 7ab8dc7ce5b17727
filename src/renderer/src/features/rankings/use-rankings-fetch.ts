import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { BATCH_REFUSAL_CODES } from '@shared/batch-item'
import type { LookupRequest } from '@shared/contract'
import { toMarketQueryError } from '../../api/market-result'
import type { MarketQueryError } from '../../api/market-result'
import { useMarketCache } from '../../api/services'
import { useBatchLookup } from '../../api/use-batch-lookup'
import type { BatchItemOutcome } from '../../api/use-batch-lookup'
import { fetchChunks, NEXT_CALL_WHEN_LEFT } from './fetch-chunks'
import { LookupStore, lookupId } from './lookup-store'
import { throttled } from './throttled'

/** Shortest time between two re-ranks while a fetch is landing. */
const SHOW_EVERY_MS = 250

export interface FetchProgress {
  done: number
  total: number
}

/**
 * The rankings' lookups: what is known (memory, disk, batches), and a fetch of what is missing
 * through the batch operation (few large calls, each item shown as it lands), with overall
 * progress and cancel. `version` changes when
 * anything known changes.
 */
export function useRankingsFetch() {
  const client = useQueryClient()
  const cache = useMarketCache()
  // Progress is counted here from the outcomes (a state update per item would re-render the
  // screen for each).
  const batch = useBatchLookup({ trackProgress: false })
  // What memory holds shows at once; the on-disk cache follows.
  const [store] = useState(() => {
    const known = new LookupStore()
    known.absorbClient(client)
    return known
  })
  const [version, setVersion] = useState(0)
  const [restored, setRestored] = useState(false)
  const [progress, setProgress] = useState<FetchProgress | null>(null)
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
      const total = requests.length
      let done = 0
      setProgress({ done, total })
      // Partial results show as they land, but a long fetch re-ranks at most a few times a
      // second: each re-rank reads every filtered row.
      const shows = throttled(() => {
        setProgress({ done, total })
        bump()
      }, SHOW_EVERY_MS)

      const stop = (reason?: MarketQueryError): void => {
        stopped.current = true
        if (reason) setError((shown) => shown ?? reason)
      }
      const land = (outcome: BatchItemOutcome): void => {
        const id = lookupId(outcome.request)
        if (!outcome.error) {
          const state = client.getQueryState(outcome.queryKey)
          store.offer(id, state?.data, state?.dataUpdatedAt ?? Date.now())
        } else if (outcome.error.code !== 'CANCELLED') {
          store.fail(id, outcome.error)
          // Main sends nothing more after this; neither does this fetch.
          if (BATCH_REFUSAL_CODES.has(outcome.error.code)) stop(outcome.error)
        }
        store.settle([id])
        done += 1
        shows.request()
      }

      /** One call; `nearlyDone` once few of its items are left to answer (or it ended). */
      const runPart = async (part: LookupRequest[], nearlyDone: () => void): Promise<void> => {
        const landed = new Set<LookupRequest>()
        try {
          const run = await runBatch(part, {
            onOutcome: (outcome) => {
              land(outcome)
              landed.add(outcome.request)
              const left = part.length - landed.size
              if (left <= NEXT_CALL_WHEN_LEFT) nearlyDone()
            }
          })
          if (run.cancelled) stop()
        } catch (thrown) {
          // The whole call failed (offline, not configured, held by the rate limit): every
          // item of this call not answered yet failed with it and nothing more is asked.
          const failure = toMarketQueryError(thrown)
          part.forEach((request) => {
            if (!landed.has(request)) store.fail(lookupId(request), failure)
          })
          stop(failure)
        } finally {
          store.settle(part.map(lookupId))
          nearlyDone()
        }
      }

      const calls: Array<Promise<void>> = []
      try {
        for (const part of fetchChunks(requests)) {
          if (stopped.current) break
          // The next call starts before this one ends, so the pipe never drains between them.
          await new Promise<void>((nearlyDone) => calls.push(runPart(part, nearlyDone)))
        }
        await Promise.all(calls)
      } finally {
        shows.cancel()
        store.settle(ids)
        running.current = false
        setProgress(null)
        bump()
      }
    },
    [client, runBatch, store, bump]
  )

  const cancel = useCallback(() => {
    stopped.current = true
    cancelBatch()
  }, [cancelBatch])

  return { store, version, restored, progress, error, fetchLookups, cancel }
}
