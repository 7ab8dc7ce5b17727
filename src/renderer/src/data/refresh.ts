import { isNoDataAnswer } from '../offline-cache/cache-record'
import { toMarketQueryError } from './market-result'
import type { MarketQueryError } from './market-result'

export type RefreshOutcome = { ok: true; updated: number } | { ok: false; error: MarketQueryError }

/**
 * Refetches queries and reports the first real failure. NOT_FOUND is an answer ("no data"), not a
 * failure of the refresh.
 */
export async function refetchAll(
  refetchers: ReadonlyArray<() => Promise<{ error: unknown; isSuccess: boolean }>>
): Promise<RefreshOutcome> {
  const results = await Promise.all(refetchers.map((refetch) => refetch()))
  const failure = results
    .map((result) => (result.error ? toMarketQueryError(result.error) : undefined))
    .find((error) => error && !isNoDataAnswer(error))
  if (failure) return { ok: false, error: failure }
  return { ok: true, updated: results.filter((result) => result.isSuccess).length }
}
