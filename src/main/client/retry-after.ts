import { MAX_WAIT_MS } from '@shared/wait'

/**
 * Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3), read when the
 * answer arrives (an HTTP date is wall-clock time by nature; the wait itself runs on a monotonic
 * clock in the quota guard). Undefined when absent or unreadable; a date in the past means 0;
 * anything longer than a day (years, or digits past Infinity) is read as MAX_WAIT_MS, a day,
 * which the app shows as "try again later" rather than a wait it cannot keep.
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: Date
): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!raw) return undefined
  if (/^\d+(?:\.\d+)?$/.test(raw)) return Math.min(MAX_WAIT_MS, Math.round(Number(raw) * 1000))
  // HTTP dates always name the month ("Sun, 06 Nov 1994 08:49:37 GMT"); `-5` is not a date
  const at = /[a-z]{3}/i.test(raw) ? Date.parse(raw) : Number.NaN
  if (Number.isNaN(at)) return undefined
  return Math.min(MAX_WAIT_MS, Math.max(0, at - now.getTime()))
}
