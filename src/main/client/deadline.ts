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
import { followAbort, LightAbort, unfollowAbort } from './light-abort'
import type { CallerSignal } from './light-abort'
import { deadlineClock } from './deadline-clock'
import type { DeadlineEntry } from './deadline-clock'

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
  /** Aborts at the deadline or when the caller's signal aborts (what undici follows). */
  abort: LightAbort
  /** The same as an AbortSignal, made on first use. */
  readonly signal: AbortSignal
  /** The final answer's headers arrived: only the whole-attempt deadline remains. */
  headersArrived(): void
  /** Why the attempt was ended by its deadline, if it was. */
  expired(): AttemptDeadlineError | undefined
  /** Clears the timers and stops following the caller's signal. */
  dispose(): void
}

class Deadline implements AttemptDeadline {
  readonly abort = new LightAbort()
  private expiredError: AttemptDeadlineError | undefined
  private readonly headersDeadline: DeadlineEntry
  private readonly wholeDeadline: DeadlineEntry
  private readonly onCallerAbort = (): void => this.abort.abort(this.caller.reason)

  constructor(
    private readonly caller: CallerSignal,
    timeouts: Timeouts
  ) {
    const headersMs = timeouts.connectMs + timeouts.headersMs + GRACE_MS
    const wholeMs = headersMs + timeouts.bodyMs
    // On the shared clock: no timer of its own per attempt.
    this.headersDeadline = deadlineClock.after(headersMs, () => this.expire('headers', headersMs))
    this.wholeDeadline = deadlineClock.after(wholeMs, () => this.expire('whole', wholeMs))
    if (caller.aborted) this.onCallerAbort()
    else followAbort(caller, this.onCallerAbort)
  }

  get signal(): AbortSignal {
    return this.abort.signal
  }

  /** Bound: passed on as a callback. */
  readonly headersArrived = (): void => this.headersDeadline.cancel()

  expired(): AttemptDeadlineError | undefined {
    return this.expiredError
  }

  dispose(): void {
    this.headersDeadline.cancel()
    this.wholeDeadline.cancel()
    unfollowAbort(this.caller, this.onCallerAbort)
  }

  private expire(phase: DeadlinePhase, ms: number): void {
    this.expiredError ??= new AttemptDeadlineError(phase, ms)
    this.abort.abort(this.expiredError)
  }
}

export function startAttemptDeadline(caller: CallerSignal, timeouts: Timeouts): AttemptDeadline {
  return new Deadline(caller, timeouts)
}
