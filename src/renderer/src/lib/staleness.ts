/**
 * A cached figure is fresh for this many days unless the user set another age limit (Settings);
 * after that it is expired: still kept and shown offline, marked "expired on <date>" until it is
 * fetched again or the user clears it. Figures of locations made available offline never expire.
 */
export const DEFAULT_CACHE_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** Older than a day: the figure gets a "stale" badge. */
export function isStale(fetchedAt: string, now: number = Date.now()): boolean {
  const time = new Date(fetchedAt).getTime()
  return Number.isNaN(time) || now - time > DAY_MS
}

/** When a figure fetched at `fetchedAt` expired, if it has by `now`. */
export function expiredOn(
  fetchedAt: string,
  now: number = Date.now(),
  maxAgeDays: number = DEFAULT_CACHE_DAYS
): Date | undefined {
  const expiry = new Date(fetchedAt).getTime() + maxAgeDays * DAY_MS
  return Number.isNaN(expiry) || expiry > now ? undefined : new Date(expiry)
}

/** The earliest of some ISO times (the "as of" of a group of figures). */
export function oldestTime(times: readonly string[]): string | undefined {
  let oldest: [string, number] | undefined
  for (const time of times) {
    const at = Date.parse(time) // NaN (not a time) is never less
    if (at < (oldest?.[1] ?? Infinity)) oldest = [time, at]
  }
  return oldest?.[0]
}
