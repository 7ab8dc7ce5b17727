import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planAutomaticRetry, RATE_LIMIT_POLICY, rateLimitWaitMs } from './retry-policy'

const HOUR = 60 * 60 * 1000

describe('planAutomaticRetry', () => {
  it('never retries sooner than the floor: Retry-After 0, a past date (0) or none', () => {
    for (const asked of [0, undefined, -5, Number.NaN, 1_200]) {
      expect(planAutomaticRetry(asked, 0)).toEqual({
        kind: 'automatic',
        waitMs: 5_000,
        retryNumber: 1
      })
    }
  })

  it('waits as long as asked up to an hour; longer (or endless) is "try again later"', () => {
    expect(planAutomaticRetry(30 * 60 * 1000, 0)).toMatchObject({ waitMs: 30 * 60 * 1000 })
    expect(planAutomaticRetry(HOUR, 0)).toMatchObject({ kind: 'automatic', waitMs: HOUR })
    for (const asked of [HOUR + 1, 99_999_999_999_000, Infinity]) {
      expect(planAutomaticRetry(asked, 0)).toEqual({ kind: 'later', reason: 'long-wait' })
    }
  })

  it('stops after the policy number of automatic retries', () => {
    const max = RATE_LIMIT_POLICY.maxAutomaticRetries
    expect(planAutomaticRetry(0, max - 1)).toMatchObject({ kind: 'automatic', retryNumber: max })
    expect(planAutomaticRetry(0, max)).toEqual({ kind: 'later', reason: 'retries-used' })
  })

  it('any wait it plans is at least the floor and fits a timer', () => {
    const anyAsk = fc.oneof(
      fc.constant(undefined),
      fc.double(),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })
    )
    fc.assert(
      fc.property(anyAsk, fc.nat(10), (asked, done) => {
        const plan = planAutomaticRetry(asked, done)
        if (plan.kind === 'automatic') {
          expect(plan.waitMs).toBeGreaterThanOrEqual(RATE_LIMIT_POLICY.minWaitMs)
          expect(plan.waitMs).toBeLessThanOrEqual(RATE_LIMIT_POLICY.maxTimerMs)
          expect(plan.waitMs).toBeLessThanOrEqual(RATE_LIMIT_POLICY.giveUpAfterMs)
        }
      })
    )
  })
})

describe('rateLimitWaitMs', () => {
  it('doubles the floor for each rate-limited round in a row, up to an hour', () => {
    expect([1, 2, 3, 4].map((strike) => rateLimitWaitMs(0, strike))).toEqual([
      5_000, 10_000, 20_000, 40_000
    ])
    expect(rateLimitWaitMs(undefined, 30)).toBe(HOUR)
    expect(rateLimitWaitMs(12_000, 1)).toBe(12_000)
  })

  it('keeps a longer ask as it is: the service said "much later"', () => {
    expect(rateLimitWaitMs(3 * HOUR, 1)).toBe(3 * HOUR)
    expect(rateLimitWaitMs(Infinity, 1)).toBe(Infinity)
  })
})
