import { useEffect, useState, useSyncExternalStore } from 'react'
import type { MarketQueryError } from './market-result'
import { createScreenRetryScheduler } from './screen-retry'
import type { AutomaticRetry } from './screen-retry'
import { useRateLimitGate } from './services'

export interface ScreenRetry {
  /** The automatic retry after a rate-limited answer: when, or why not. */
  automatic: AutomaticRetry | undefined
  /** Ends the app-wide wait and re-runs what failed now. */
  retryNow: () => void
}

/**
 * A screen's one automatic retry after "too many requests". `error` is the error the screen
 * shows, `busy` whether any of its queries is fetching, `retry` re-runs everything that failed.
 */
export function useRateLimitRetry(
  error: MarketQueryError | null | undefined,
  busy: boolean,
  retry: () => void
): ScreenRetry {
  const gate = useRateLimitGate()
  const [scheduler] = useState(() =>
    createScreenRetryScheduler({
      release: () => gate.release(),
      holdRemainingMs: () => gate.remainingMs()
    })
  )
  useEffect(() => scheduler.observe(error, busy, retry), [scheduler, error, busy, retry])
  useEffect(() => () => scheduler.dispose(), [scheduler])
  const automatic = useSyncExternalStore(scheduler.subscribe, scheduler.state, scheduler.state)
  return { automatic, retryNow: scheduler.retryNow }
}
