/** A figure older than this gets a "stale" badge. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000

export function isStale(fetchedAt: string, now: number = Date.now()): boolean {
  const time = new Date(fetchedAt).getTime()
  return Number.isNaN(time) || now - time > STALE_AFTER_MS
}

/** The earliest of some ISO times (the "as of" of a group of figures). */
export function oldestTime(times: readonly string[]): string | undefined {
  let oldest: string | undefined
  let oldestMs = Infinity
  for (const time of times) {
    const ms = new Date(time).getTime()
    if (ms < oldestMs) {
      oldest = time
      oldestMs = ms
    }
  }
  return oldest
}
