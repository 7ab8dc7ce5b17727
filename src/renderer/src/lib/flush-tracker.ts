/**
 * Writes in flight, so that none is lost when the window closes or reloads: `flush()` waits for
 * every write tracked so far (and for any a write starts in turn) and says how they ended.
 */
import type { FlushAnswer } from '@shared/contract'

export type FlushOutcome = Pick<FlushAnswer, 'written' | 'failed'>

/** Rounds of "wait for what is in flight": a write that starts another is followed this far. */
const MAX_FLUSH_ROUNDS = 8

export function createFlushTracker() {
  const inFlight = new Set<Promise<unknown>>()
  /** Every write that ended, since the start. */
  const totals: FlushOutcome = { written: 0, failed: 0 }
  return {
    /** Follows `write` until it settles, and hands it back. */
    track<T>(write: Promise<T>): Promise<T> {
      inFlight.add(write)
      write
        .then(
          () => (totals.written += 1),
          () => (totals.failed += 1)
        )
        .finally(() => inFlight.delete(write))
      return write
    },
    /** Resolves once nothing is in flight (never rejects). */
    async flush(): Promise<FlushOutcome> {
      const before = { ...totals }
      for (let round = 0; round < MAX_FLUSH_ROUNDS && inFlight.size > 0; round += 1) {
        await Promise.allSettled([...inFlight])
      }
      return { written: totals.written - before.written, failed: totals.failed - before.failed }
    }
  }
}
