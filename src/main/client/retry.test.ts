import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY } from './options'
import {
  abortableSleep,
  backoffCapMs,
  fullJitterDelayMs,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter
} from './retry'

const NOW = new Date('2025-03-01T12:00:00.000Z')

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7_000)
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0)
    expect(parseRetryAfter(['2', '9'], NOW)).toBe(2_000)
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', NOW)).toBe(30_000)
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', NOW)).toBe(0)
  })

  it('clamps a huge or endless wait to a day (never Infinity, never years)', () => {
    const day = 24 * 60 * 60 * 1000
    expect(parseRetryAfter('99999999999', NOW)).toBe(day)
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(day)
    expect(parseRetryAfter('Fri, 01 Mar 2030 12:00:00 GMT', NOW)).toBe(day)
    expect(parseRetryAfter('86400', NOW)).toBe(day)
    expect(MAX_RETRY_AFTER_MS).toBe(day)
  })

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined()
    expect(parseRetryAfter('', NOW)).toBeUndefined()
    expect(parseRetryAfter('soon', NOW)).toBeUndefined()
    expect(parseRetryAfter('-5', NOW)).toBeUndefined()
  })
})

describe('backoff', () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000 }

  it('doubles the cap per retry up to maxDelayMs', () => {
    expect([1, 2, 3, 4, 5, 6].map((retry) => backoffCapMs(policy, retry))).toEqual([
      100, 200, 400, 800, 1_000, 1_000
    ])
  })

  it('full jitter picks between 0 and the cap', () => {
    expect(fullJitterDelayMs(policy, 3, () => 0)).toBe(0)
    expect(fullJitterDelayMs(policy, 3, () => 0.25)).toBe(100)
    expect(fullJitterDelayMs(policy, 3, () => 0.999)).toBeLessThan(400)
    expect(fullJitterDelayMs(policy, 3, () => 7)).toBe(400)
  })
})

describe('abortableSleep', () => {
  it('resolves after the delay', async () => {
    await expect(abortableSleep(5)).resolves.toBeUndefined()
  })

  it('rejects as soon as the signal aborts, or at once if already aborted', async () => {
    const controller = new AbortController()
    const sleeping = abortableSleep(60_000, controller.signal)
    controller.abort()
    await expect(sleeping).rejects.toThrow(/cancelled/)
    await expect(abortableSleep(60_000, AbortSignal.abort())).rejects.toThrow(/cancelled/)
  })
})
