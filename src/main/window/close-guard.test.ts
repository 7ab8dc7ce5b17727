import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCloseGuard, FLUSH_TIMEOUT_MS } from './close-guard'

// No real time passes in these tests: the guard's timer is a fake one.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function setup(overrides: Partial<Parameters<typeof createCloseGuard>[0]> = {}) {
  const requests: string[] = []
  const close = vi.fn()
  const warn = vi.fn()
  const guard = createCloseGuard({
    requestFlush: (flushId) => {
      requests.push(flushId)
      return true
    },
    close,
    logger: { info: vi.fn(), warn, error: vi.fn() },
    ...overrides
  })
  return { guard, requests, close, warn }
}

describe('close guard', () => {
  it('prevents the close, asks for a flush and closes at once when the answer arrives', () => {
    const { guard, requests, close } = setup()
    expect(guard.interceptClose()).toBe(true)
    expect(requests).toHaveLength(1)
    expect(close).not.toHaveBeenCalled()
    expect(guard.answer(requests[0] ?? '')).toBe(true)
    expect(close).toHaveBeenCalledTimes(1)
    // Its wait is over: no timer is left.
    expect(vi.getTimerCount()).toBe(0)
    // The guard's own close is let through.
    expect(guard.interceptClose()).toBe(false)
  })

  it('waits at most the bound when the renderer never answers, then closes and logs it', () => {
    const { guard, close, warn } = setup()
    guard.interceptClose()
    expect(FLUSH_TIMEOUT_MS).toBe(2_000)
    vi.advanceTimersByTime(FLUSH_TIMEOUT_MS - 1)
    expect(close).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(close).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/did not confirm/), {
      timeoutMs: 2_000
    })
  })

  it('closes once: repeated close requests join the flush, a late answer changes nothing', () => {
    const { guard, requests, close } = setup()
    expect(guard.interceptClose()).toBe(true)
    expect(guard.interceptClose()).toBe(true)
    expect(guard.interceptClose()).toBe(true)
    expect(requests).toHaveLength(1)
    vi.runAllTimers()
    expect(close).toHaveBeenCalledTimes(1)
    expect(guard.answer(requests[0] ?? '')).toBe(false)
    expect(guard.interceptClose()).toBe(false)
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('ignores answers to other flushes', () => {
    const { guard, close } = setup()
    guard.interceptClose()
    expect(guard.answer('someone-else')).toBe(false)
    expect(close).not.toHaveBeenCalled()
  })

  it('lets the close go at once when there is no page to ask', () => {
    const { guard, close } = setup({ requestFlush: () => false })
    expect(guard.interceptClose()).toBe(false)
    expect(close).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a failing request is logged and the close goes ahead', () => {
    const { guard, warn } = setup({
      requestFlush: () => {
        throw new Error('render process gone')
      }
    })
    expect(guard.interceptClose()).toBe(false)
    expect(warn).toHaveBeenCalled()
  })

  it('reloads after the flush, and a close during it wins over the reload', () => {
    const first = setup()
    const reload = vi.fn()
    first.guard.reload(reload)
    expect(reload).not.toHaveBeenCalled()
    first.guard.answer(first.requests[0] ?? '')
    expect(reload).toHaveBeenCalledTimes(1)
    // still guarded after a reload
    expect(first.guard.interceptClose()).toBe(true)

    const second = setup()
    const reloadToo = vi.fn()
    second.guard.reload(reloadToo)
    expect(second.guard.interceptClose()).toBe(true)
    expect(second.requests).toHaveLength(1)
    second.guard.answer(second.requests[0] ?? '')
    expect(reloadToo).not.toHaveBeenCalled()
    expect(second.close).toHaveBeenCalledTimes(1)
  })
})
