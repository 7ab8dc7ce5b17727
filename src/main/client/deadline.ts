/**
 * The deadline of one HTTP attempt, owned by the client (undici's own timeouts can be restarted by
 * the server: each 1xx answer restarts its headers timeout). The attempt's signal aborts when
 *  - no final (non-1xx) answer has arrived within connectMs + headersMs + GRACE_MS, or
 *  - the attempt has lasted connectMs + headersMs + bodyMs + GRACE_MS in all,
 * or when the caller's signal aborts. The grace lets undici's own, more specific timeouts (which
 * it checks on a coarse tick) fire first when they can: connect, headers, body. Aborting the request drops its connection, so the pool and
 * the concurrency slot are free again.
 */
import type { Timeouts } from '@shared/settings'
import { deadlineClock } from './deadline-clock'

export type DeadlinePhase = 'headers' | 'whole'

export const GRACE_MS = 1_000

export class AttemptDeadlineError extends Error {
  readonly code = 'ME_ATTEMPT_DEADLINE'
  constructor(
    readonly phase: DeadlinePhase,
    readonly ms: number
  ) {
    super(
      phase === 'headers'
        ? `no final answer within ${ms} ms`
        : `attempt not complete within ${ms} ms`
    )
    this.name = 'AttemptDeadlineError'
  }
}

export interface AttemptDeadline {
  /** Aborts at the deadline or when the caller's signal aborts. */
  signal: AbortSignal
  /** The final answer's headers arrived: only the whole-attempt deadline remains. */
  headersArrived(): void
  /** Why the attempt was ended by its deadline, if it was. */
  expired(): AttemptDeadlineError | undefined
  /** Clears the timers and stops following the caller's signal. */
  dispose(): void
}

export function startAttemptDeadline(caller: AbortSignal, timeouts: Timeouts): AttemptDeadline {
  const controller = new AbortController()
  let expired: AttemptDeadlineError | undefined
  const expire = (phase: DeadlinePhase, ms: number) => (): void => {
    expired ??= new AttemptDeadlineError(phase, ms)
    controller.abort(expired)
  }
  const headersMs = timeouts.connectMs + timeouts.headersMs + GRACE_MS
  const wholeMs = headersMs + timeouts.bodyMs
  // On the shared clock: no timer of its own per attempt.
  const headersDeadline = deadlineClock.after(headersMs, expire('headers', headersMs))
  const wholeDeadline = deadlineClock.after(wholeMs, expire('whole', wholeMs))
  const onCallerAbort = (): void => controller.abort(caller.reason)
  if (caller.aborted) onCallerAbort()
  else caller.addEventListener('abort', onCallerAbort, { once: true })
  return {
    signal: controller.signal,
    headersArrived: () => headersDeadline.cancel(),
    expired: () => expired,
    dispose: () => {
      headersDeadline.cancel()
      wholeDeadline.cancel()
      caller.removeEventListener('abort', onCallerAbort)
    }
  }
}
