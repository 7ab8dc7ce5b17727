import type { Dispatcher } from 'undici'
import type { AppError, Result } from '@shared/result'
import { ERRORS } from '@shared/errors/catalogue'
import type { RequestContext } from './errors'
import { classifyTransportError, serviceError } from './errors'
import { startAttemptDeadline } from './deadline'
import { sendHttp } from './http'
import type { HttpLimits } from './http'
import type { LightAbort } from './light-abort'
import type { Limit } from './slots'
import type { LogFields, OnRetryWait, ParameterPlacement, ResolvedOptions, Sleep } from './options'
import type { Redactor } from './redact'
import { backoffCapMs, fullJitterDelayMs } from './retry'
import type { WireRequest } from './url'
import type { AttemptOutcome, InterpretContext } from './validate'
import { interpretResponse } from './validate'
import type { z } from 'zod'

export interface PreparedCall<T> {
  wire: WireRequest
  headers: Record<string, string>
  schema: z.ZodType<{ data: T }>
  redactor: Redactor
  placement: ParameterPlacement
}

export interface ExecuteDeps {
  options: ResolvedOptions
  /** The per-request HTTP limits, built once per client (see httpLimits). */
  limits?: HttpLimits
  dispatcher: Dispatcher
  limit: Limit
  sleep: Sleep
}

export function cancelledResult(): Result<never> {
  return { ok: false, error: ERRORS.cancelled() }
}

/**
 * Logging never breaks a request, and every line goes through the redactor. Without a logger
 * nothing is built or redacted (the app core's silent logger reaches the client as none).
 */
export function writeLog(
  options: ResolvedOptions,
  redactor: Redactor,
  level: 'info' | 'warn',
  message: string,
  fields: LogFields
): void {
  if (!options.logger) return
  try {
    options.logger[level](redactor.text(message), redactor.deep(fields))
  } catch {
    // a failing logger must not turn a good answer into an error
  }
}

export const httpLimits = (options: ResolvedOptions): HttpLimits => ({
  ...options.timeouts,
  maxResponseBytes: options.maxResponseBytes
})

let lastIsoMs = Number.NaN
let lastIso = ''

/** `date.toISOString()`, made once per millisecond: answers arriving together share it. */
function isoTime(date: Date): string {
  const ms = date.getTime()
  if (ms !== lastIsoMs) {
    lastIso = date.toISOString()
    lastIsoMs = ms
  }
  return lastIso
}

async function attemptOnce<T>(
  call: PreparedCall<T>,
  deps: ExecuteDeps,
  ctx: RequestContext,
  attempt: number,
  signal: LightAbort
): Promise<AttemptOutcome<T>> {
  if (signal.aborted) return { kind: 'final', result: cancelledResult() }
  const { options } = deps
  const { redactor } = call
  // Timed only for the log line: no work for a line nobody receives.
  const started = options.logger ? performance.now() : 0
  let status: number | undefined
  let outcome: AttemptOutcome<T>
  const deadline = startAttemptDeadline(signal, options.timeouts)
  try {
    const limits = deps.limits ?? httpLimits(options)
    const response = await sendHttp(
      deps.dispatcher,
      { url: call.wire.url, headers: call.headers, body: call.wire.body },
      limits,
      deadline.abort,
      deadline.headersArrived
    )
    status = response.status
    const now = options.now()
    const meta = { source: options.source, fetchedAt: isoTime(now) }
    // Listed, not spread: a spread with added fields is a slow object copy on every answer.
    const interpretCtx: InterpretContext = {
      host: ctx.host,
      path: ctx.path,
      meta,
      now,
      maxResponseBytes: options.maxResponseBytes,
      redactor
    }
    outcome = interpretResponse(response, call.schema, interpretCtx)
  } catch (error) {
    if (signal.aborted) {
      outcome = { kind: 'final', result: cancelledResult() }
    } else {
      // Ended by its deadline: whatever undici threw on the way out, the deadline is the cause.
      const cause = deadline.expired() ?? error
      const failure = classifyTransportError(
        cause,
        { ...ctx, timeouts: options.timeouts },
        redactor
      )
      outcome = failure.retryable
        ? { kind: 'retry', error: failure.error }
        : { kind: 'final', result: { ok: false, error: failure.error } }
    }
  } finally {
    deadline.dispose()
  }
  if (options.logger) {
    const result = outcome.kind === 'final' ? outcome.result : undefined
    writeLog(options, call.redactor, 'info', 'service request', {
      method: 'GET',
      path: ctx.path,
      placement: call.placement,
      attempt,
      status,
      outcome: result?.ok ? 'ok' : (result?.error.code ?? outcome.kind),
      durationMs: Math.round(performance.now() - started)
    })
  }
  return outcome
}

function giveUp(
  outcome: Extract<AttemptOutcome<unknown>, { kind: 'retry' }>,
  attempts: number,
  suggestedWaitMs: number,
  ctx: RequestContext
): Result<never> {
  let error: AppError = outcome.error
  if (error.code === 'RATE_LIMITED' && error.retryAfterMs === undefined) {
    const status = error.status ?? 429
    const input = { code: error.code, status, serviceMessage: outcome.serviceMessage }
    error = serviceError({ ...input, retryAfterMs: suggestedWaitMs }, ctx)
  }
  const previous = typeof error.details === 'object' && error.details !== null ? error.details : {}
  return { ok: false, error: { ...error, details: { ...previous, attempts } } }
}

/**
 * Runs one call with retries: exponential backoff with full jitter, or exactly the Retry-After
 * the service asked for. Gives up at once when that wait exceeds the remaining wait budget.
 * `onWait` hears of each wait before it starts (so the screen can say why nothing arrives yet).
 */
export async function executeWithRetry<T>(
  call: PreparedCall<T>,
  deps: ExecuteDeps,
  signal: LightAbort,
  onWait?: OnRetryWait
): Promise<Result<T>> {
  const { retry, random } = deps.options
  const ctx: RequestContext = { host: call.wire.url.host, path: call.wire.url.pathname }
  let waitedMs = 0
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await deps.limit(() => attemptOnce(call, deps, ctx, attempt, signal))
    if (outcome.kind === 'final') return outcome.result
    if (signal.aborted) return cancelledResult()
    const remainingMs = Math.max(0, retry.maxTotalWaitMs - waitedMs)
    const suggestedWaitMs = backoffCapMs(retry, attempt)
    if (attempt >= retry.maxAttempts) return giveUp(outcome, attempt, suggestedWaitMs, ctx)
    const { retryAfterMs } = outcome
    const outOfBudget = retryAfterMs === undefined ? remainingMs <= 0 : retryAfterMs > remainingMs
    if (outOfBudget) return giveUp(outcome, attempt, suggestedWaitMs, ctx)
    const delayMs = retryAfterMs ?? Math.min(remainingMs, fullJitterDelayMs(retry, attempt, random))
    writeLog(deps.options, call.redactor, 'warn', 'service request will be retried', {
      path: ctx.path,
      attempt,
      reason: outcome.error.status ?? outcome.error.code,
      delayMs
    })
    try {
      onWait?.({
        reason: outcome.error.code === 'RATE_LIMITED' ? 'rate-limited' : 'retry',
        delayMs,
        nextAttempt: attempt + 1,
        maxAttempts: retry.maxAttempts
      })
    } catch {
      // telling the screen must never change how the call goes
    }
    try {
      await deps.sleep(delayMs, signal.signal)
    } catch (error) {
      if (signal.aborted) return cancelledResult()
      throw error
    }
    if (signal.aborted) return cancelledResult()
    waitedMs += delayMs
  }
}
