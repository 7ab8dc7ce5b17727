/**
 * Pending cache writes, so that none is lost when the window closes or reloads (issue 19). A
 * result reaches the screen before its IndexedDB write has even started: the persister writes it
 * a task later. `flush()` starts those writes at once and waits for every write in flight.
 */
import type { CacheStorage } from './storage-types'

export interface FlushOutcome {
  /** Writes (and removals) that ended well while the flush waited. */
  written: number
  failed: number
}

export interface WriteTracker {
  /** `storage` with every setItem/removeItem tracked until it settles. */
  storage: CacheStorage
  /**
   * A write the persister will make soon under `storageKey`. `write` makes it now; it is dropped
   * once a write of that key starts.
   */
  expect(storageKey: string, write: () => Promise<void>): void
  /** Writes in flight or expected. */
  pending(): number
  /** Starts the expected writes and resolves once nothing is in flight (never rejects). */
  flush(): Promise<FlushOutcome>
}

/** Rounds of "wait for what is in flight": a write that starts another is followed this far. */
const MAX_FLUSH_ROUNDS = 8

export function createWriteTracker(inner: CacheStorage): WriteTracker {
  const inFlight = new Set<Promise<unknown>>()
  const expected = new Map<string, () => Promise<void>>()
  /** Every storage write that ended, since the start. */
  const totals: FlushOutcome = { written: 0, failed: 0 }

  /** Keeps `work` in flight until it settles (a flush waits for it). */
  function hold<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    const settle = (): void => {
      inFlight.delete(work)
    }
    work.then(settle, settle)
    return work
  }

  /** A storage write: held, and counted once it ended. */
  function track<T>(work: Promise<T>): Promise<T> {
    work.then(
      () => {
        totals.written += 1
      },
      () => {
        totals.failed += 1
      }
    )
    return hold(work)
  }

  const storage: CacheStorage = {
    ...inner,
    setItem: (key, value) => {
      expected.delete(key)
      return track(inner.setItem(key, value))
    },
    removeItem: (key) => {
      expected.delete(key)
      return track(inner.removeItem(key))
    },
    removeItems: (keys) => {
      for (const key of keys) expected.delete(key)
      return track(inner.removeItems(keys))
    },
    clear: () => {
      expected.clear()
      return track(inner.clear())
    }
  }

  return {
    storage,
    expect(storageKey, write) {
      expected.set(storageKey, write)
    },
    pending: () => inFlight.size + expected.size,
    async flush() {
      const before = { ...totals }
      for (let round = 0; round < MAX_FLUSH_ROUNDS; round += 1) {
        const due = [...expected.values()]
        expected.clear()
        // Held, not counted: the storage write each one makes is counted.
        for (const write of due) hold(Promise.resolve().then(write)).catch(() => undefined)
        if (inFlight.size === 0) break
        await Promise.allSettled([...inFlight])
      }
      return { written: totals.written - before.written, failed: totals.failed - before.failed }
    }
  }
}
