import type { QueryClient } from '@tanstack/react-query'
import type { LookupRequest } from '@shared/contract'
import type { MarketCache } from '../../api/market-cache'
import { MARKET_STALE_MS } from '../../api/market-queries'
import { toMarketQueryError } from '../../api/market-result'
import type { MarketQueryError } from '../../api/market-result'
import { lookupQueryKey } from '../../api/query-keys'
import type { RefreshOutcome } from '../../api/refresh'
import type { BatchRun } from '../../api/use-batch-lookup'
import { requestHash } from './compare-requests'

export interface LoadContext {
  client: QueryClient
  cache: MarketCache
  runBatch: (items: LookupRequest[]) => Promise<BatchRun>
  /** Lookups that already answered NOT_FOUND: not asked again unless forced. */
  knownNotFound: (hash: string) => boolean
}

export type LoadResult =
  | { kind: 'up-to-date' }
  | { kind: 'batch'; run: BatchRun }
  | { kind: 'failed'; error: MarketQueryError }

function isFresh(updatedAt: number | undefined, now: number = Date.now()): boolean {
  return updatedAt !== undefined && now - updatedAt <= MARKET_STALE_MS
}

/**
 * Fills the query cache for the given lookups: memory first, then the on-disk cache, then one
 * batchLookup for whatever is still missing or stale (everything when `force`).
 */
export async function loadCompareFigures(
  requests: readonly LookupRequest[],
  force: boolean,
  context: LoadContext
): Promise<LoadResult> {
  // The on-disk reads go together (one after another they cost a screen of 36 lookups
  // 36 IndexedDB round trips before its batch could leave).
  const needed = await Promise.all(
    requests.map(async (request): Promise<boolean> => {
      if (!force && context.knownNotFound(requestHash(request))) return false
      const key = lookupQueryKey(request)
      const state = context.client.getQueryState(key)
      let updatedAt = state?.data === undefined ? undefined : state.dataUpdatedAt
      if (!force && updatedAt === undefined) {
        const stored = await context.cache.readQuery(key)
        if (stored) {
          context.client.setQueryData(key, stored.data, { updatedAt: stored.dataUpdatedAt })
          updatedAt = stored.dataUpdatedAt
        }
      }
      return force || !isFresh(updatedAt)
    })
  )
  const missing = requests.filter((_, index) => needed[index])
  if (missing.length === 0) return { kind: 'up-to-date' }
  try {
    return { kind: 'batch', run: await context.runBatch(missing) }
  } catch (error) {
    return { kind: 'failed', error: toMarketQueryError(error) }
  }
}

/** What a Refresh button reports for a load. */
export function refreshOutcomeOf(result: LoadResult): RefreshOutcome {
  if (result.kind === 'up-to-date') return { ok: true, updated: 0 }
  if (result.kind === 'failed') return { ok: false, error: result.error }
  const failure = result.run.outcomes.find(
    (o) => o.error && o.error.code !== 'NOT_FOUND' && o.error.code !== 'CANCELLED'
  )?.error
  if (failure) return { ok: false, error: failure }
  return { ok: true, updated: result.run.outcomes.filter((o) => !o.error).length }
}

/** Item errors after a batch: failures recorded, successes cleared. */
export function mergeItemErrors(
  previous: ReadonlyMap<string, MarketQueryError>,
  run: BatchRun
): Map<string, MarketQueryError> {
  const next = new Map(previous)
  for (const outcome of run.outcomes) {
    const hash = requestHash(outcome.request)
    if (outcome.error) next.set(hash, outcome.error)
    else next.delete(hash)
  }
  return next
}
