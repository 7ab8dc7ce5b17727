/**
 * Nothing lost on quit: when main asks (the window is about to close or reload), the
 * writes in flight are waited for and main is told how they ended, so it can close at once.
 */
import { FlushRequestEventSchema } from '@shared/contract'
import type { MarketApi } from '@shared/operations'
import type { FlushOutcome } from '../lib/flush-tracker'

/** Returns how to stop listening. */
export function installFlushOnExit(
  market: Pick<MarketApi, 'onFlushRequest' | 'answerFlush'>,
  writers: ReadonlyArray<{ flush(): Promise<FlushOutcome> }>
): () => void {
  const flushAll = async (): Promise<FlushOutcome> => {
    const outcomes = await Promise.all(
      writers.map((writer) => writer.flush().catch(() => ({ written: 0, failed: 1 })))
    )
    return outcomes.reduce(
      (sum, next) => ({ written: sum.written + next.written, failed: sum.failed + next.failed }),
      { written: 0, failed: 0 }
    )
  }
  return market.onFlushRequest((event) => {
    const parsed = FlushRequestEventSchema.safeParse(event)
    if (!parsed.success) return
    void flushAll()
      .then((outcome) => market.answerFlush({ flushId: parsed.data.flushId, ...outcome }))
      .catch(() => undefined)
  })
}
