import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttled } from './throttled'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('throttled', () => {
  it('runs the first request at once and the requests of a wait once, at its end', () => {
    const run = vi.fn()
    const shows = throttled(run, 250, () => Date.now())
    shows.request()
    expect(run).toHaveBeenCalledTimes(1)
    shows.request()
    shows.request()
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(249)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(1_000)
    expect(run).toHaveBeenCalledTimes(2)
    shows.request()
    expect(run).toHaveBeenCalledTimes(3)
  })

  it('drops a waiting run on cancel', () => {
    const run = vi.fn()
    const shows = throttled(run, 250, () => Date.now())
    shows.request()
    shows.request()
    shows.cancel()
    vi.advanceTimersByTime(1_000)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
