/**
 * The quota guard of one service (one base URL and API key): the only place that decides whether
 * a request is sent now, waits, or is not sent at all. Single lookups and batch items alike reach
 * the service through `send`, which also owns the service's concurrency limit. The rules, answer
 * by answer, are the table in docs/architecture.md ("The quota guard"); each row has its test in
 * quota-guard.test.ts. Waits run on a monotonic clock: a wall-clock change neither stretches nor
 * ends one.
 */
import { setTimeout as delay } from 'node:timers/promises'
import pLimit from 'p-limit'
import { MAX_WAIT_MS } from '@shared/wait'
import type { ConnectionStatus, ServiceState } from '@shared/contract'
import { ERRORS } from '@shared/errors/catalogue'
import { failure } from '@shared/result'
import type { AppError, ErrorCode, Result } from '@shared/result'

/** Requests in flight at once to one service. */
export const DEFAULT_CONCURRENCY = 6
/** Attempts of one call at most (a rate-limited call is sent again after each hold). */
const MAX_ATTEMPTS = 3
/** A longer Retry-After pauses sending instead of holding calls. */
const MAX_HOLD_MS = 30_000
/** The hold when a 429 names no Retry-After. */
const HOLD_FLOOR_MS = 2_000
/** Strike n holds at least 1 s × 2^(n−1); the strike after MAX_STRIKES pauses instead. */
const STRIKE_BASE_MS = 1_000
const MAX_STRIKES = 3
/** The n-th pause after failures in a row lasts 5 s × 2^(n−1), at most 5 min. */
const PAUSE_BASE_MS = 5_000
export const MAX_PAUSE_MS = 5 * 60_000
/** Retries are throttled as gRPC does it (docs/architecture.md, under the guard's table). */
const RETRY_TOKENS = 16
/** The retry of a first failure waits 250–750 ms (jittered, so callers do not retry in step). */
const PROBE_DELAY_MS = { min: 250, spread: 500 }

/** One HTTP request of a call (`attempt` counts from 1), answered as a Result (errors redacted). */
export type Attempt<T> = (signal: AbortSignal, attempt: number) => Promise<Result<T>>

/** What the service client sends its requests through. */
export type Sender = Pick<QuotaGuard, 'send'>

export type LastAnswer = Pick<ConnectionStatus, 'lastSuccessAt' | 'lastError' | 'demoNotice'>

export type QuotaGuard = ReturnType<typeof createQuotaGuard>

export interface QuotaGuardOptions {
  concurrency?: number
  /** Told of every change of state() (a new hold, pause, stop, or open again); must not throw. */
  onChange?: (state: ServiceState) => void
  /** Monotonic milliseconds (default performance.now). */
  now?: () => number
  /** Resolves after `ms`, or as soon as `signal` aborts; never rejects. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  random?: () => number
  /** Wall-clock time, only to stamp the last answers shown to the user. */
  wallClock?: () => Date
}

/**
 * What an answer says about the service (not about the one request). A code not listed (never
 * sent, or nothing the service said) is no news about it.
 */
const VERDICTS: Partial<Record<ErrorCode, 'definitive' | 'limited' | 'failing' | 'refused'>> = {
  NOT_FOUND: 'definitive',
  BAD_REQUEST: 'definitive',
  BAD_RESPONSE: 'definitive',
  UNSUPPORTED_ROUTE: 'definitive',
  RATE_LIMITED: 'limited',
  SERVER: 'failing',
  NETWORK: 'failing',
  TIMEOUT: 'failing',
  AUTH: 'refused',
  QUOTA: 'refused'
}

/** Errors the status line does not show as the service's last error. */
const NOT_SERVICE_ERRORS = new Set<ErrorCode>(['CANCELLED', 'INVALID_INPUT', 'NOT_FOUND'])

/** What a call does after an answer: answer its caller, or send again (after a wait). */
type Next = 'answer' | 'again' | 'probe-again'

/** A pause says why by the answer that caused it: a rate limit, or the service failing. */
const pauseReason = (cause: AppError): 'rate-limited' | 'failing' =>
  cause.code === 'RATE_LIMITED' ? 'rate-limited' : 'failing'

export function createQuotaGuard(options: QuotaGuardOptions = {}) {
  const now = options.now ?? (() => performance.now())
  const sleep =
    options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined))
  const random = options.random ?? Math.random
  const wallClock = options.wallClock ?? (() => new Date())
  const limit = pLimit(options.concurrency ?? DEFAULT_CONCURRENCY)

  let kind: ServiceState['kind'] = 'open'
  /** When a hold or pause ends (monotonic ms). */
  let until = 0
  /** The answer that held, paused or stopped sending. */
  let cause: AppError = ERRORS.cancelled()
  /** Rate limits, and failures, in a row (the second failure in a row is the first pause). */
  let strikes = 0
  let failures = 0
  let retryTokens = RETRY_TOKENS
  /**
   * Requests are numbered as they are sent. An answer to a request sent before the current round
   * began (numbered up to `round`) belongs to that round: the requests in flight together when a
   * service starts failing count once, and a late answer changes nothing.
   */
  let requests = 0
  let round = 0
  /**
   * After a failure, a wait or a resume, one call goes first: `probe` is whose turn it is (`free`:
   * the next call's). Undefined: every call goes.
   */
  let probe: object | 'free' | undefined
  let expiry: ReturnType<typeof setTimeout> | undefined
  /**
   * A hold or pause that ran out while no answer has said the service is back: it is still what
   * the user is shown (its wait at 0, "trying again"), while one call goes first.
   */
  let lingering: Exclude<ServiceState, { kind: 'open' | 'stopped' }> | undefined
  /** The state last told, as text (a hold's end and cause with its kind). */
  const toldText = (): string => `${kind} ${until} ${cause.message} ${lingering ? 'lingering' : ''}`
  let told = toldText()
  const wakers = new Set<AbortController>()
  let last: LastAnswer = {}

  const waitMs = (): number => Math.min(MAX_WAIT_MS, Math.max(0, Math.ceil(until - now())))

  /** The hold or pause under way, saying it waits `ms` more. */
  const waiting = (ms: number): NonNullable<typeof lingering> =>
    kind === 'holding'
      ? { kind, reason: 'rate-limited', waitMs: ms, error: cause }
      : { kind: 'paused', reason: pauseReason(cause), waitMs: ms, error: cause }

  /** What the guard does with requests now. */
  const state = (): ServiceState => {
    expire()
    if (kind === 'open') return lingering ?? { kind }
    return kind === 'stopped' ? { kind, error: cause } : waiting(waitMs())
  }

  /** Wakes every waiting call, and tells of a new state (once per change). */
  const changed = (): void => {
    for (const waker of [...wakers]) waker.abort()
    const text = toldText()
    if (text === told) return
    told = text
    options.onChange?.(state())
  }

  const clearExpiry = (): void => clearTimeout(expiry)

  /** A hold or pause that is over opens the way again, one call first. */
  function expire(): void {
    if ((kind === 'holding' || kind === 'paused') && now() >= until) open(true, waiting(0))
  }

  const scheduleExpiry = (): void => {
    clearExpiry()
    // Re-armed when a timer fires early: the monotonic clock decides, not the timer.
    expiry = setTimeout(
      () => (now() < until ? scheduleExpiry() : expire()),
      Math.max(1, Math.ceil(until - now()))
    )
    expiry.unref()
  }

  function open(probeFirst: boolean, linger?: typeof lingering): void {
    clearExpiry()
    kind = 'open'
    lingering = linger
    cause = ERRORS.cancelled()
    until = 0
    probe = probeFirst ? 'free' : undefined
    changed()
  }

  /** Holds, pauses or stops sending for `ms`, because of `error`. */
  const enter = (next: 'holding' | 'paused' | 'stopped', ms: number, error: AppError): void => {
    round = requests
    const end = now() + Math.min(MAX_WAIT_MS, ms)
    until = kind === next ? Math.max(until, end) : end
    kind = next
    lingering = undefined
    cause = error
    probe = undefined
    if (next === 'stopped') clearExpiry()
    else scheduleExpiry()
    changed()
  }

  const note = (result: Result<unknown>): void => {
    const at = wallClock().toISOString()
    if (result.ok) {
      const notice = result.meta?.notice
      last = { lastSuccessAt: at, ...(notice ? { demoNotice: notice } : {}) }
      return
    }
    const { code, message, nextStep } = result.error
    if (NOT_SERVICE_ERRORS.has(code)) return
    last = { ...last, lastError: { code, message, ...(nextStep ? { nextStep } : {}), at } }
  }

  /** Applies one answer (to request number `number`) to the state; says what the call does next. */
  const learn = (result: Result<unknown>, number: number, ticket: object | undefined): Next => {
    note(result)
    if (result.ok) {
      retryTokens = Math.min(RETRY_TOKENS, retryTokens + 0.1)
      if (number > round) reset()
      return 'answer'
    }
    const error = result.error
    const verdict = VERDICTS[error.code]
    if (!verdict) return 'answer'
    const asked = error.retryAfterMs
    const waitable = verdict === 'limited' || verdict === 'failing'
    if (waitable) retryTokens = Math.max(0, retryTokens - 1)
    // The service asked for a long wait: pause, whichever round the request belonged to.
    if (waitable && asked !== undefined && asked > MAX_HOLD_MS) {
      enter('paused', asked, error)
      return 'answer'
    }
    // Sent before this round began: counted already (or out of date). Only the call goes on.
    if (number <= round) return waitable ? 'again' : 'answer'
    switch (verdict) {
      case 'definitive':
        reset()
        return 'answer'
      case 'refused':
        enter('stopped', 0, error)
        return 'answer'
      case 'limited': {
        strikes += 1
        const backoff = Math.min(MAX_PAUSE_MS, STRIKE_BASE_MS * 2 ** (strikes - 1))
        if (strikes > MAX_STRIKES) {
          enter('paused', Math.max(asked ?? 0, backoff), error)
          return 'answer'
        }
        enter('holding', Math.max(asked ?? HOLD_FLOOR_MS, backoff), error)
        return 'again'
      }
      case 'failing': {
        failures += 1
        round = requests
        if (failures > 1) {
          const backoff = Math.min(MAX_PAUSE_MS, PAUSE_BASE_MS * 2 ** (failures - 2))
          enter('paused', Math.max(asked ?? 0, backoff), error)
          return 'answer'
        }
        // The first failure in a row: this call is sent once more, first, and the others wait.
        if (typeof probe !== 'object') probe = ticket ?? 'free'
        changed()
        return ticket !== undefined && probe === ticket ? 'probe-again' : 'again'
      }
    }
  }

  function reset(): void {
    strikes = failures = 0
    if (kind !== 'open' || probe !== undefined || lingering) open(false)
  }

  /**
   * Waits until the state changes or `signal` aborts, and at most `ms` when given. Without `ms`
   * (behind the call that goes first) the wait is bounded by that call's own attempt deadline:
   * its turn passes on however it ends.
   */
  const waitForChange = async (ms: number | undefined, signal: AbortSignal): Promise<void> => {
    const woken = new AbortController()
    wakers.add(woken)
    const either = AbortSignal.any([signal, woken.signal])
    try {
      if (ms !== undefined) await sleep(Math.max(1, ms), either)
      else if (!either.aborted) {
        await new Promise((resolve) => either.addEventListener('abort', resolve, { once: true }))
      }
    } finally {
      wakers.delete(woken)
    }
  }

  /** Whether `ticket` may be sent at this moment (taking the probe's turn when it is free). */
  const mayGo = (ticket: object): boolean => {
    expire()
    if (kind !== 'open') return false
    if (probe === undefined || probe === ticket) return true
    if (probe !== 'free') return false
    probe = ticket
    return true
  }

  /**
   * Waits until `ticket` may be sent: through a hold, behind the call that goes first. Answers
   * why it is not sent instead when sending is paused or stopped, or the caller left.
   */
  const admit = async (ticket: object, signal: AbortSignal): Promise<AppError | undefined> => {
    for (;;) {
      if (signal.aborted) return ERRORS.cancelled()
      if (mayGo(ticket)) return undefined
      if (kind === 'paused') return ERRORS.notSent(cause, waitMs())
      if (kind === 'stopped') return ERRORS.notSent(cause)
      // Holding: until it ends. Behind the call that goes first: until it is answered.
      await waitForChange(kind === 'holding' ? until - now() : undefined, signal)
    }
  }

  /** The call's last answer as it is given back: a rate limit says how long sending waits. */
  const answered = <T>(result: Result<T>): Result<T> => {
    if (result.ok || result.error.code !== 'RATE_LIMITED') return result
    if (kind !== 'holding' && kind !== 'paused') return result
    return { ok: false, error: { ...result.error, retryAfterMs: waitMs() } }
  }

  async function send<T>(attempt: Attempt<T>, signal: AbortSignal): Promise<Result<T>> {
    const ticket = {}
    let answer: Result<T> | undefined
    try {
      for (let attempts = 0; attempts < MAX_ATTEMPTS;) {
        const refusal = await admit(ticket, signal)
        if (refusal) {
          // A call already sent answers with what the service said; the others were not sent.
          return refusal.code === 'CANCELLED' || !answer ? failure(refusal) : answered(answer)
        }
        const sent = await limit(async () => {
          if (signal.aborted)
            return { result: failure(ERRORS.cancelled()), next: 'answer' as const }
          // The state may have changed while this call waited for a free slot.
          if (!mayGo(ticket)) return undefined
          const number = ++requests
          const result = await attempt(signal, attempts + 1)
          // Learnt before the slot is free: the next call in line already obeys this answer.
          return { result, next: learn(result, number, ticket) }
        })
        if (!sent) continue
        attempts += 1
        answer = sent.result
        if (sent.next === 'answer' || retryTokens <= RETRY_TOKENS / 2) return answered(sent.result)
        if (sent.next === 'probe-again') {
          const asked = sent.result.ok ? undefined : sent.result.error.retryAfterMs
          const jitter = PROBE_DELAY_MS.min + random() * PROBE_DELAY_MS.spread
          await sleep(Math.max(jitter, asked ?? 0), signal)
        }
      }
      return answer ? answered(answer) : failure(ERRORS.cancelled())
    } finally {
      if (probe === ticket) {
        // Its turn passes on: the next waiting call goes first.
        probe = 'free'
        changed()
      }
    }
  }

  return {
    send,
    state,
    /** The user's "Retry now": ends a hold, a pause or a stop; one call then goes first. */
    resume(): ServiceState {
      strikes = failures = 0
      retryTokens = RETRY_TOKENS
      round = requests
      if (kind !== 'open' || lingering) open(true)
      return state()
    },
    /** An answer got outside `send` (a connection test of this service), applied by the same rules. */
    record(result: Result<unknown>): void {
      learn(result, ++requests, undefined)
    },
    /** The last success and the last error the service answered (for the status line). */
    lastAnswer: (): LastAnswer => ({ ...last }),
    /** Stops its timer (a closed connection's guard). */
    close: clearExpiry
  }
}
