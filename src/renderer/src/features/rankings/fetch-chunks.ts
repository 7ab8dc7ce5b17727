import { MAX_BATCH_ITEMS } from '@shared/contract'
import { MARKET_CALL_CONCURRENCY } from '../../api/rate-limit-gate'

/**
 * Each finished lookup's Result is streamed to the renderer as it lands, so a fetch no longer needs
 * small calls to show partial results: it sends as few batchLookup calls as the batch limit allows.
 * The pipe must not drain between two calls (the call's last items, then the answer's trip back and
 * the next call's start), so the next call starts while this many of the current one are still to
 * answer: its items queue behind them in main and leave as soon as a request slot frees.
 */
export const NEXT_CALL_WHEN_LEFT = MARKET_CALL_CONCURRENCY * 2

/** `items` in as few calls of at most `max` as it takes, of nearly equal size, in order. */
export function fetchChunks<T>(items: readonly T[], max = MAX_BATCH_ITEMS): T[][] {
  if (items.length === 0) return []
  const calls = Math.ceil(items.length / max)
  const out: T[][] = []
  for (let call = 0, start = 0; call < calls; call += 1) {
    const end = Math.round(((call + 1) * items.length) / calls)
    out.push(items.slice(start, end))
    start = end
  }
  return out
}
