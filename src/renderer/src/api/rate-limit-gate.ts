/**
 * Every call the renderer makes to the service goes through one gate. It keeps a few calls in
 * flight at once (as many as main's client sends), and once the service answers "too many
 * requests" it sends nothing until the wait the retry policy sets has passed. Then one call goes
 * first; the others wait for its answer, so a screen of 20 queries costs one request while the
 * service is still limiting.
 */
import pLimit from 'p-limit'
import { ERRORS } from '@shared/errors/catalogue'
import type { AppError, Result } from '@shared/result'
import { RATE_LIMIT_POLICY, rateLimitWaitMs } from './retry-policy'
import type { RateLimitPolicy } from './retry-policy'

/** Calls in flight at once: main's client sends at most 6 requests at a time anyway. */
export const MARKET_CALL_CONCURRENCY = 6

export interface RateLimitGate {
  /**
   * Runs one call. `rateLimitedErrors` names the RATE_LIMITED errors in its result (a batch can
   * hold several); their `retryAfterMs` is set to the wait the gate now enforces.
   */
  run<T>(
    call: () => Promise<Result<T>>,
    rateLimitedErrors: (result: Result<T>) => AppError[]
  ): Promise<Result<T>>
  /** Ends the current wait (the user asked to retry now): the next call goes first, alone. */
  release(): void
  /** Forgets the rate limit altogether (another service or key is in use now). */
  reset(): void
  /** Milliseconds left of the current wait (0 when none; Infinity when "much later"). */
  remainingMs(): number
  /** The service limited the latest round: calls are held, or the next one goes alone. */
  isLimiting(): boolean
}

export interface RateLimitGateOptions {
  now?: () => number
  policy?: RateLimitPolicy
  concurrency?: number
}

/** The RATE_LIMITED error of a single call's result, if that is what it is. */
export function rateLimitedErrorOf<T>(result: Result<T>): AppError[] {
  return !result.ok && result.error.code === 'RATE_LIMITED' ? [result.error] : []
}

export function createRateLimitGate(options: RateLimitGateOptions = {}): RateLimitGate {
  const now = options.now ?? Date.now
  const policy = options.policy ?? RATE_LIMIT_POLICY
  const limit = pLimit(options.concurrency ?? MARKET_CALL_CONCURRENCY)
  /** Rate-limited rounds in a row: a round is the calls started since the previous one ended. */
  let strikes = 0
  let holdUntil = 0
  let lastError: AppError | undefined
  /** The call that goes first after a wait; the others wait for its answer. */
  let probe: Promise<void> | undefined

  const remainingMs = (): number => Math.max(0, holdUntil - now())

  function heldResult(): Result<never> {
    const error: AppError = {
      ...ERRORS.rateLimitHeld(),
      ...(lastError ? { message: lastError.message } : {}),
      retryAfterMs: remainingMs(),
      ...(lastError?.status === undefined ? {} : { status: lastError.status }),
      ...(lastError?.details === undefined ? {} : { details: lastError.details })
    }
    return { ok: false, error }
  }

  function settle(errors: AppError[], strikesAtStart: number): void {
    if (errors.length === 0) {
      // Only news from a call started after the latest strike says the limit is over.
      if (strikesAtStart >= strikes) {
        strikes = 0
        holdUntil = 0
      }
      return
    }
    strikes = Math.max(strikes, strikesAtStart + 1)
    const asked = Math.max(...errors.map((error) => error.retryAfterMs ?? 0))
    holdUntil = Math.max(holdUntil, now() + rateLimitWaitMs(asked, strikes, policy))
    lastError = errors[0]
    for (const error of errors) error.retryAfterMs = remainingMs()
  }

  async function admit<T>(
    call: () => Promise<Result<T>>,
    rateLimitedErrors: (result: Result<T>) => AppError[]
  ): Promise<Result<T>> {
    while (probe) await probe
    if (strikes > 0 && remainingMs() > 0) return heldResult()
    const strikesAtStart = strikes
    let probeDone: (() => void) | undefined
    if (strikes > 0) probe = new Promise((resolve) => (probeDone = resolve))
    try {
      const result = await call()
      settle(rateLimitedErrors(result), strikesAtStart)
      return result
    } finally {
      if (probeDone) {
        probe = undefined
        probeDone()
      }
    }
  }

  return {
    run: (call, rateLimitedErrors) => limit(() => admit(call, rateLimitedErrors)),
    release() {
      holdUntil = 0
    },
    reset() {
      holdUntil = 0
      strikes = 0
    },
    remainingMs,
    isLimiting: () => strikes > 0
  }
}
