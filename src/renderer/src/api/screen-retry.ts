/**
 * One automatic retry per screen after a rate-limited answer, however many of the screen's
 * queries failed: the screen reports what it shows (`observe`), and at most one timer is pending.
 * Waits and the number of automatic retries follow the shared retry policy.
 */
import type { MarketQueryError } from './market-result'
import { planAutomaticRetry, RATE_LIMIT_POLICY } from './retry-policy'
import type { RateLimitPolicy } from './retry-policy'

export type AutomaticRetry =
  | { kind: 'scheduled'; dueAt: number; retryNumber: number }
  | { kind: 'retrying' }
  | { kind: 'later'; reason: 'long-wait' | 'retries-used' }

export interface ScreenRetryScheduler {
  /**
   * What the screen shows now: its first error (if any), whether any of its queries is fetching,
   * and how to re-run what failed.
   */
  observe(error: MarketQueryError | null | undefined, busy: boolean, retry: () => void): void
  /** The user's "Retry now": ends the wait (see `release`) and retries at once. */
  retryNow(): void
  state(): AutomaticRetry | undefined
  subscribe(listener: () => void): () => void
  /** Cancels the pending timer (the screen went away). */
  dispose(): void
}

export interface ScreenRetryOptions {
  /** Lifts the app-wide hold on service calls before a manual retry. */
  release: () => void
  /**
   * What is left of the app-wide hold: a retry due while it still holds waits for the rest
   * (calls made now would be answered "rate limited" without reaching the service).
   */
  holdRemainingMs?: () => number
  now?: () => number
  policy?: RateLimitPolicy
}

export function createScreenRetryScheduler(options: ScreenRetryOptions): ScreenRetryScheduler {
  const now = options.now ?? Date.now
  const policy = options.policy ?? RATE_LIMIT_POLICY
  const listeners = new Set<() => void>()
  let current: AutomaticRetry | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let retriesDone = 0
  let handled: MarketQueryError | undefined
  let retry: () => void = () => undefined

  const setState = (next: AutomaticRetry | undefined): void => {
    if (next === current) return
    current = next
    for (const listener of listeners) listener()
  }
  const cancelTimer = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  const runRetry = (): void => {
    setState({ kind: 'retrying' })
    retry()
  }

  const arm = (waitMs: number, retryNumber: number): void => {
    setState({ kind: 'scheduled', dueAt: now() + waitMs, retryNumber })
    timer = setTimeout(() => {
      timer = undefined
      const left = options.holdRemainingMs?.() ?? 0
      if (left > 0 && left <= policy.giveUpAfterMs) {
        arm(Math.min(left, policy.maxTimerMs), retryNumber)
        return
      }
      retriesDone += 1
      runRetry()
    }, waitMs)
  }

  return {
    observe(error, busy, nextRetry) {
      retry = nextRetry
      if (error?.code !== 'RATE_LIMITED') {
        // Another answer, or none: the rate-limited episode is over once nothing is in flight.
        cancelTimer()
        handled = undefined
        if (!busy) retriesDone = 0
        if (!busy || error) setState(undefined)
        return
      }
      if (error === handled || timer !== undefined) return
      handled = error
      const plan = planAutomaticRetry(error.retryAfterMs, retriesDone, policy)
      if (plan.kind === 'later') {
        setState({ kind: 'later', reason: plan.reason })
        return
      }
      arm(plan.waitMs, plan.retryNumber)
    },
    retryNow() {
      cancelTimer()
      options.release()
      runRetry()
    },
    state: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      cancelTimer()
      handled = undefined
    }
  }
}
