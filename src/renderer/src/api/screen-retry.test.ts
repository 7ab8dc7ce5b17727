import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MarketQueryError } from './market-result'
import { createScreenRetryScheduler } from './screen-retry'

const limited = (retryAfterMs?: number) =>
  new MarketQueryError({
    code: 'RATE_LIMITED',
    message: 'Too many requests.',
    ...(retryAfterMs === undefined ? {} : { retryAfterMs })
  })

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

function scheduler() {
  const retry = vi.fn()
  const release = vi.fn()
  return { retry, release, screen: createScreenRetryScheduler({ release }) }
}

describe('screen retry scheduler', () => {
  it('a screen with 20 rate-limited queries schedules ONE retry, not before the 5 s floor', () => {
    const { retry, screen } = scheduler()
    for (let i = 0; i < 20; i += 1) screen.observe(limited(0), false, retry)
    expect(screen.state()).toMatchObject({ kind: 'scheduled', retryNumber: 1 })
    vi.advanceTimersByTime(4_999)
    expect(retry).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(retry).toHaveBeenCalledTimes(1)
    expect(screen.state()).toEqual({ kind: 'retrying' })
    vi.advanceTimersByTime(60_000)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('retries a bounded number of times, then waits for the user', () => {
    const { retry, screen } = scheduler()
    for (let round = 0; round < 10; round += 1) {
      screen.observe(undefined, true, retry) // the retry is in flight
      screen.observe(limited(5_000), false, retry)
      vi.advanceTimersByTime(5_000)
    }
    expect(retry).toHaveBeenCalledTimes(3)
    expect(screen.state()).toEqual({ kind: 'later', reason: 'retries-used' })
  })

  it('a wait over an hour (or a timer-overflowing one) is "try again later": no timer fires', () => {
    const { retry, screen } = scheduler()
    screen.observe(limited(99_999_999_999_000), false, retry)
    expect(screen.state()).toEqual({ kind: 'later', reason: 'long-wait' })
    vi.advanceTimersByTime(2 ** 31)
    expect(retry).not.toHaveBeenCalled()
  })

  it('"Retry now" lifts the hold and retries at once, replacing the pending timer', () => {
    const { retry, release, screen } = scheduler()
    screen.observe(limited(30_000), false, retry)
    screen.retryNow()
    expect(release).toHaveBeenCalledTimes(1)
    expect(retry).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60_000)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('an answer that is not a rate limit ends the episode and the count starts again', () => {
    const { retry, screen } = scheduler()
    screen.observe(limited(0), false, retry)
    vi.advanceTimersByTime(5_000)
    screen.observe(undefined, false, retry) // success
    expect(screen.state()).toBeUndefined()
    screen.observe(limited(0), false, retry)
    expect(screen.state()).toMatchObject({ kind: 'scheduled', retryNumber: 1 })
    screen.observe(new MarketQueryError({ code: 'NETWORK', message: 'down' }), false, retry)
    expect(screen.state()).toBeUndefined()
    vi.advanceTimersByTime(60_000)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('a retry due while the app-wide hold still holds waits for the rest of it', () => {
    let holdLeft = 0
    const retry = vi.fn()
    const screen = createScreenRetryScheduler({ release: vi.fn(), holdRemainingMs: () => holdLeft })
    screen.observe(limited(5_000), false, retry)
    holdLeft = 700 // a later answer of the same round moved the hold on
    vi.advanceTimersByTime(5_000)
    expect(retry).not.toHaveBeenCalled()
    expect(screen.state()).toMatchObject({ kind: 'scheduled', retryNumber: 1 })
    holdLeft = 0
    vi.advanceTimersByTime(700)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('dispose cancels the pending retry; observing again (a remount) schedules it anew', () => {
    const { retry, screen } = scheduler()
    const error = limited(0)
    screen.observe(error, false, retry)
    screen.dispose()
    vi.advanceTimersByTime(10_000)
    expect(retry).not.toHaveBeenCalled()
    screen.observe(error, false, retry)
    vi.advanceTimersByTime(5_000)
    expect(retry).toHaveBeenCalledTimes(1)
  })
})
