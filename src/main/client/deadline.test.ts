import { describe, expect, it } from 'vitest'
import { AttemptDeadlineError, GRACE_MS, startAttemptDeadline } from './deadline'

const TINY = { connectMs: 5, headersMs: 5, bodyMs: 5 }
const aborted = (signal: AbortSignal): Promise<unknown> =>
  new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)))

describe('startAttemptDeadline', () => {
  it('without a final answer it expires in the headers phase', async () => {
    const deadline = startAttemptDeadline(new AbortController().signal, TINY)
    const reason = await aborted(deadline.signal)
    expect(reason).toBeInstanceOf(AttemptDeadlineError)
    expect(deadline.expired()).toMatchObject({ phase: 'headers', ms: 10 + GRACE_MS })
    deadline.dispose()
  })

  it('once headers arrived, only the whole-attempt deadline is left', async () => {
    const deadline = startAttemptDeadline(new AbortController().signal, TINY)
    deadline.headersArrived()
    await aborted(deadline.signal)
    expect(deadline.expired()).toMatchObject({ phase: 'whole', ms: 15 + GRACE_MS })
    deadline.dispose()
  })

  it("follows the caller's abort, which is not a deadline", () => {
    const caller = new AbortController()
    const deadline = startAttemptDeadline(caller.signal, TINY)
    caller.abort()
    expect(deadline.signal.aborted).toBe(true)
    expect(deadline.expired()).toBeUndefined()
    deadline.dispose()
    expect(startAttemptDeadline(AbortSignal.abort(), TINY).signal.aborted).toBe(true)
  })

  it('dispose stops the timers', async () => {
    const deadline = startAttemptDeadline(new AbortController().signal, TINY)
    deadline.dispose()
    await new Promise((resolve) => setTimeout(resolve, 100 + 2 * GRACE_MS))
    expect(deadline.signal.aborted).toBe(false)
  })
})
