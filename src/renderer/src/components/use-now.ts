import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every `intervalMs` (for ages, stale badges and countdowns), on
 * `clock`: the wall clock, or performance.now() for a countdown a clock change must not move.
 */
export function useNow(intervalMs = 30_000, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock)
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, clock])
  return now
}
