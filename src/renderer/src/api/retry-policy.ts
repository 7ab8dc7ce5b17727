/**
 * The one policy for answering "too many requests" (RATE_LIMITED), used by the rate-limit gate
 * every market call goes through and by each screen's automatic retry. The user's key is metered:
 * every wait has a floor, a ceiling a timer can hold, and a point past which the app stops
 * retrying by itself.
 */

export interface RateLimitPolicy {
  /** Never wait less than this after a rate-limited answer, whatever Retry-After said. */
  minWaitMs: number
  /** Each further rate-limited answer in a row multiplies the floor by this. */
  backoffFactor: number
  /** Automatic retries of one screen before it waits for the user ("Retry now"). */
  maxAutomaticRetries: number
  /** A wait longer than this is "try again later": no automatic retry is scheduled. */
  giveUpAfterMs: number
  /** The longest delay setTimeout can hold (2^31 − 1 ms); longer ones fire at once. */
  maxTimerMs: number
}

export const RATE_LIMIT_POLICY: RateLimitPolicy = {
  minWaitMs: 5_000,
  backoffFactor: 2,
  maxAutomaticRetries: 3,
  giveUpAfterMs: 60 * 60 * 1000,
  maxTimerMs: 2 ** 31 - 1
}

/**
 * What the service asked for, made usable: absent or unreadable → 0 (the floor applies), negative
 * → 0, anything not finite → Infinity (a wait that never ends on its own).
 */
function askedWaitMs(retryAfterMs: number | undefined): number {
  if (retryAfterMs === undefined || Number.isNaN(retryAfterMs)) return 0
  if (!Number.isFinite(retryAfterMs)) return retryAfterMs > 0 ? Infinity : 0
  return Math.max(0, retryAfterMs)
}

/**
 * How long nothing may be sent after the `strike`-th rate-limited answer in a row (1 = first):
 * what the service asked, but at least the floor doubled per strike, capped at the give-up
 * limit. A longer ask is returned as it is (possibly Infinity): the service said "much later".
 */
export function rateLimitWaitMs(
  retryAfterMs: number | undefined,
  strike: number,
  policy: RateLimitPolicy = RATE_LIMIT_POLICY
): number {
  const asked = askedWaitMs(retryAfterMs)
  if (asked > policy.giveUpAfterMs) return asked
  const floor = policy.minWaitMs * policy.backoffFactor ** Math.max(0, strike - 1)
  return Math.min(Math.max(asked, floor), policy.giveUpAfterMs)
}

export type RetryPlan =
  | { kind: 'automatic'; waitMs: number; retryNumber: number }
  | { kind: 'later'; reason: 'long-wait' | 'retries-used' }

/**
 * Whether a screen retries by itself after a rate-limited answer that says to wait `waitMs`,
 * having already retried `retriesDone` times. The wait is never shorter than the floor and always
 * fits a timer.
 */
export function planAutomaticRetry(
  waitMs: number | undefined,
  retriesDone: number,
  policy: RateLimitPolicy = RATE_LIMIT_POLICY
): RetryPlan {
  const wait = Math.max(askedWaitMs(waitMs), policy.minWaitMs)
  if (wait > policy.giveUpAfterMs) return { kind: 'later', reason: 'long-wait' }
  if (retriesDone >= policy.maxAutomaticRetries) return { kind: 'later', reason: 'retries-used' }
  return {
    kind: 'automatic',
    waitMs: Math.min(wait, policy.maxTimerMs),
    retryNumber: retriesDone + 1
  }
}
