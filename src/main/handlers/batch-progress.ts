import type { BatchItemResult, BatchProgressEvent, LookupResult } from '@shared/contract'

/** Shortest time between two progress events of a batch. */
const PROGRESS_EVERY_MS = 50

/**
 * A batch's progress events: the items finished since the last event go out together, on a later
 * turn (after the next item has left, so telling the window stays off the request path) and at
 * most every `everyMs`, so a fast batch sends a few events a second, not one per item.
 */
export function createProgressStream(
  batchId: string,
  total: number,
  emit: (event: BatchProgressEvent) => void,
  { everyMs = PROGRESS_EVERY_MS, now = () => performance.now() } = {}
) {
  let done = 0
  let pending: BatchItemResult[] = []
  let last = Number.NEGATIVE_INFINITY
  let unschedule: (() => void) | undefined
  const flush = (): void => {
    unschedule = undefined
    if (pending.length === 0) return
    last = now()
    const items = pending
    pending = []
    emit({ batchId, done, total, items })
  }
  return {
    add(index: number, result: LookupResult): void {
      done += 1
      pending.push({ index, result })
      if (unschedule) return
      const timer = setTimeout(flush, Math.max(0, last + everyMs - now()))
      unschedule = () => clearTimeout(timer)
    },
    /** Sends what is left at once (before the batch's reply). */
    end(): void {
      unschedule?.()
      flush()
    }
  }
}
