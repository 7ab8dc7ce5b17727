import { MARKET_CALL_CONCURRENCY } from '../../api/rate-limit-gate'

/**
 * Lookups per batchLookup call: each call's answers land (and show) when it ends, so a long
 * fetch shows partial results as it goes. Main runs each call's items at its own concurrency, and
 * between two calls the pipe drains (the call's last, slowest items, then the answers' trip back
 * and the next call's start): the first call is small so the first rows show soon, then each is
 * twice the previous, up to FETCH_CHUNK_MAX, so a long fetch pays few drains.
 */
export const FETCH_CHUNK = MARKET_CALL_CONCURRENCY * 4
export const FETCH_CHUNK_MAX = MARKET_CALL_CONCURRENCY * 32

/** `items` in calls of FETCH_CHUNK, then twice the previous size each, up to FETCH_CHUNK_MAX. */
export function fetchChunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  let size = FETCH_CHUNK
  for (let i = 0; i < items.length; i += size, size = Math.min(size * 2, FETCH_CHUNK_MAX)) {
    out.push(items.slice(i, i + size))
  }
  return out
}
