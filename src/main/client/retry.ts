import type { RetryPolicy } from './options'

/** Statuses worth retrying for an idempotent GET: rate limited or a gateway/overload answer. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504])

/**
 * The longest wait a Retry-After can ask for: anything longer (years, or digits past Infinity) is
 * read as a day, which the app shows as "try again later" rather than a wait it cannot keep.
 */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000

/**
 * Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; a date in the past means 0; at most MAX_RETRY_AFTER_MS.
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: Date
): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!raw) return undefined
  if (/^\d+(?:\.\d+)?$/.test(raw))
    return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(raw) * 1000))
  // HTTP dates always name the month ("Sun, 06 Nov 1994 08:49:37 GMT"); `-5` is not a date
  const at = /[a-z]{3}/i.test(raw) ? Date.parse(raw) : Number.NaN
  if (Number.isNaN(at)) return undefined
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now.getTime()))
}

/** Exponential cap for the wait before retry number `retry` (1 = first retry). */
export function backoffCapMs(policy: RetryPolicy, retry: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1))
}

/** "Full jitter": a uniformly random wait between 0 and the exponential cap. */
export function fullJitterDelayMs(
  policy: RetryPolicy,
  retry: number,
  random: () => number
): number {
  const unit = Math.min(Math.max(random(), 0), 1)
  return Math.floor(unit * backoffCapMs(policy, retry))
}

export class SleepAbortedError extends Error {
  constructor() {
    super('The wait was cancelled.')
    this.name = 'AbortError'
  }
}

/** setTimeout that rejects with SleepAbortedError as soon as the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new SleepAbortedError())
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new SleepAbortedError())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
