/**
 * Nothing lost on quit (issue 19): when main asks (the window is about to close or reload) the
 * cache's pending writes are flushed and main is told, so it can close at once; a page that is
 * hidden for good (`pagehide`: closed, reloaded, navigated) starts them too, without waiting.
 */
import { FlushRequestEventSchema } from '@shared/contract'
import type { MarketApi } from '@shared/operations'
import type { FlushOutcome } from './cache-store/write-tracker'

export interface Flushable {
  flush(): Promise<FlushOutcome>
}

type ExitTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>

/** Returns how to stop listening. */
export function installFlushOnExit(
  market: Pick<MarketApi, 'onFlushRequest' | 'answerFlush'>,
  caches: readonly Flushable[],
  target: ExitTarget = window
): () => void {
  const flushAll = async (): Promise<FlushOutcome> => {
    const outcomes = await Promise.all(
      caches.map((cache) => cache.flush().catch(() => ({ written: 0, failed: 1 })))
    )
    return outcomes.reduce(
      (sum, next) => ({ written: sum.written + next.written, failed: sum.failed + next.failed }),
      { written: 0, failed: 0 }
    )
  }
  const stopRequests = market.onFlushRequest((event) => {
    const parsed = FlushRequestEventSchema.safeParse(event)
    if (!parsed.success) return
    void flushAll()
      .then((outcome) => market.answerFlush({ flushId: parsed.data.flushId, ...outcome }))
      .catch(() => undefined)
  })
  const onPageHide = (): void => {
    void flushAll()
  }
  target.addEventListener('pagehide', onPageHide)
  return () => {
    stopRequests()
    target.removeEventListener('pagehide', onPageHide)
  }
}
