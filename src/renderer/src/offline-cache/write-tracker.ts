/**
 * Cache writes in flight, so that none is lost when the window closes or reloads: `flush()` waits
 * for every write started so far (and for any a write starts in turn) and says how they ended.
 */
import type { FlushAnswer } from '@shared/contract'
import type { CacheStorage } from './storage-types'

export type FlushOutcome = Pick<FlushAnswer, 'written' | 'failed'>

interface WriteTracker {
  /** `storage` with every write and removal tracked until it settles. */
  storage: CacheStorage
  /** Writes in flight. */
  pending(): number
  /** Resolves once nothing is in flight (never rejects). */
  flush(): Promise<FlushOutcome>
}

/** Rounds of "wait for what is in flight": a write that starts another is followed this far. */
const MAX_FLUSH_ROUNDS = 8

export function createWriteTracker(inner: CacheStorage): WriteTracker {
  const inFlight = new Set<Promise<unknown>>()
  /** Every storage write that ended, since the start. */
  const totals: FlushOutcome = { written: 0, failed: 0 }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    work.then(
      () => {
        inFlight.delete(work)
        totals.written += 1
      },
      () => {
        inFlight.delete(work)
        totals.failed += 1
      }
    )
    return work
  }

  const storage: CacheStorage = {
    ...inner,
    setItem: (key, value) => track(inner.setItem(key, value)),
    removeItem: (key) => track(inner.removeItem(key)),
    removeItems: (keys) => track(inner.removeItems(keys)),
    clear: () => track(inner.clear())
  }

  return {
    storage,
    pending: () => inFlight.size,
    async flush() {
      const before = { ...totals }
      for (let round = 0; round < MAX_FLUSH_ROUNDS && inFlight.size > 0; round += 1) {
        await Promise.allSettled([...inFlight])
      }
      return { written: totals.written - before.written, failed: totals.failed - before.failed }
    }
  }
}
