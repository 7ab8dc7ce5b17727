/** A token bucket: `perSecond` requests a second on average, bursts up to `perSecond`. */
export function createRateLimiter(perSecond: number, now: () => number = Date.now) {
  const capacity = Math.max(1, perSecond)
  let tokens = capacity
  let last = now()
  return {
    /** 0 when the request may go ahead, else how many ms until a token is free. */
    take(): number {
      const current = now()
      tokens = Math.min(capacity, tokens + ((current - last) / 1000) * perSecond)
      last = current
      if (tokens >= 1) {
        tokens -= 1
        return 0
      }
      return Math.ceil(((1 - tokens) / perSecond) * 1000)
    }
  }
}

export function parseRateLimit(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(text.trim())
  const value = match ? Number(match[1]) : NaN
  return Number.isFinite(value) && value > 0 && value <= 100_000 ? value : undefined
}
