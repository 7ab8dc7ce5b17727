import { describe, expect, it, vi } from 'vitest'
import { createCloseGuard, FLUSH_TIMEOUT_MS } from './close-guard'
import type { CloseGuardDeps } from './close-guard'

/** A guard whose timers are run by hand: no real time passes in these tests. */
function setup(overrides: Partial<CloseGuardDeps> = {}) {
  const timers: Array<{ ms: number; run: () => void; cancelled: boolean }> = []
  const requests: string[] = []
  const close = vi.fn()
  const warn = vi.fn()
  let id = 0
  const guard = createCloseGuard({
    requestFlush: (flushId) => {
      requests.push(flushId)
      return true
    },
    close,
    logger: { info: vi.fn(), warn, error: vi.fn() },
    schedule: (ms, run) => {
      const timer = { ms, run, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
    newFlushId: () => `f${(id += 1)}`,
    ...overrides
  })
  const fireTimers = (): void => {
    for (const timer of timers.filter((t) => !t.cancelled)) timer.run()
  }
  return { guard, timers, requests, close, warn, fireTimers }
}

describe('close guard', () => {
  it('prevents the close, asks for a flush and closes at once when the answer arrives', () => {
    const { guard, requests, close, timers } = setup()
    expect(guard.interceptClose()).toBe(true)
    expect(requests).toEqual(['f1'])
    expect(close).not.toHaveBeenCalled()
    expect(guard.answer('f1')).toBe(true)
    expect(close).toHaveBeenCalledTimes(1)
    expect(timers.every((timer) => timer.cancelled)).toBe(true)
    // The guard's own close is let through.
    expect(guard.interceptClose()).toBe(false)
  })

  it('waits at most the bound when the renderer never answers, then closes and logs it', () => {
    const { guard, timers, close, warn, fireTimers } = setup()
    guard.interceptClose()
    expect(timers.map((timer) => timer.ms)).toEqual([FLUSH_TIMEOUT_MS])
    expect(FLUSH_TIMEOUT_MS).toBe(2_000)
    expect(close).not.toHaveBeenCalled()
    fireTimers()
    expect(close).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/did not confirm/), {
      timeoutMs: 2_000
    })
  })

  it('closes once: repeated close requests join the flush, a late answer changes nothing', () => {
    const { guard, requests, close, fireTimers } = setup()
    expect(guard.interceptClose()).toBe(true)
    expect(guard.interceptClose()).toBe(true)
    expect(guard.interceptClose()).toBe(true)
    expect(requests).toEqual(['f1'])
    fireTimers()
    expect(close).toHaveBeenCalledTimes(1)
    expect(guard.answer('f1')).toBe(false)
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
    const { guard, close, timers } = setup({ requestFlush: () => false })
    expect(guard.interceptClose()).toBe(false)
    expect(close).not.toHaveBeenCalled()
    expect(timers).toEqual([])
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
    first.guard.answer('f1')
    expect(reload).toHaveBeenCalledTimes(1)
    // still guarded after a reload
    expect(first.guard.interceptClose()).toBe(true)

    const second = setup()
    const reloadToo = vi.fn()
    second.guard.reload(reloadToo)
    expect(second.guard.interceptClose()).toBe(true)
    expect(second.requests).toEqual(['f1'])
    second.guard.answer('f1')
    expect(reloadToo).not.toHaveBeenCalled()
    expect(second.close).toHaveBeenCalledTimes(1)
  })
})
