/**
 * One HTTP request of a call, answered as a Result: sent with undici, ended by the caller's signal
 * or the attempt's own deadline, validated, its errors redacted. Whether to send it at all, wait
 * or send it again is the quota guard's decision (../connection/quota-guard.ts), never this one's.
 */
import type { Dispatcher } from 'undici'
import type { z } from 'zod'
import type { Result } from '@shared/result'
import { failure } from '@shared/result'
import { ERRORS } from '@shared/errors/catalogue'
import { classifyTransportError } from './errors'
import type { RequestContext } from './errors'
import { sendHttp } from './http'
import type { HttpLimits } from './http'
import type { LogFields, ParameterPlacement, ResolvedOptions } from './options'
import type { Redactor } from './redact'
import type { WireRequest } from './url'
import { interpretResponse } from './validate'

/**
 * Added to the sum of the timeouts for the attempt's own deadline, so undici's more specific
 * timeouts (connect, headers, body), which it checks on a coarse tick, fire first when they can.
 */
export const GRACE_MS = 1_000

export interface PreparedCall<T> {
  wire: WireRequest
  headers: Record<string, string>
  schema: z.ZodType<{ data: T }>
  redactor: Redactor
  placement: ParameterPlacement
}

export interface AttemptDeps {
  options: ResolvedOptions
  dispatcher: Dispatcher
  limits: HttpLimits
}

/** Logging never breaks a request, and every line goes through the redactor. */
function writeLog(
  options: ResolvedOptions,
  redactor: Redactor,
  message: string,
  fields: LogFields
): void {
  try {
    options.logger?.info(redactor.text(message), redactor.deep(fields))
  } catch {
    // a failing logger must not turn a good answer into an error
  }
}

/**
 * The attempt's deadline: undici's headers timeout restarts on every 1xx answer, so a service
 * sending 103 Early Hints for ever would hold the request without it.
 */
export function attemptDeadlineMs(options: ResolvedOptions): number {
  const { connectMs, headersMs, bodyMs } = options.timeouts
  return connectMs + headersMs + bodyMs + GRACE_MS
}

/** Sends the call's request once (attempt number `attempt`) and answers what came back. Never throws. */
export async function attemptOnce<T>(
  call: PreparedCall<T>,
  deps: AttemptDeps,
  signal: AbortSignal,
  attempt: number
): Promise<Result<T>> {
  const { options } = deps
  const { redactor } = call
  const ctx: RequestContext = { host: call.wire.url.host, path: call.wire.url.pathname }
  // Timed only for the log line: no work for a line nobody receives.
  const started = options.logger ? performance.now() : 0
  const deadlineMs = attemptDeadlineMs(options)
  const deadline = AbortSignal.timeout(deadlineMs)
  let status: number | undefined
  let result: Result<T>
  try {
    const response = await sendHttp(
      deps.dispatcher,
      { url: call.wire.url, headers: call.headers, body: call.wire.body },
      deps.limits,
      AbortSignal.any([signal, deadline])
    )
    status = response.status
    const now = options.now()
    const meta = { source: options.source, fetchedAt: now.toISOString() }
    result = interpretResponse(response, call.schema, {
      ...ctx,
      meta,
      now,
      maxResponseBytes: options.maxResponseBytes,
      redactor
    })
  } catch (error) {
    if (signal.aborted) result = failure(ERRORS.cancelled())
    // Ended by its deadline: whatever undici threw on the way out, the deadline is the cause.
    else if (deadline.aborted) result = failure(ERRORS.answerDeadline(ctx.host, deadlineMs))
    else
      result = failure(
        classifyTransportError(error, { ...ctx, timeouts: options.timeouts }, redactor)
      )
  }
  if (options.logger) {
    writeLog(options, redactor, 'service request', {
      method: 'GET',
      path: ctx.path,
      placement: call.placement,
      attempt,
      status,
      outcome: result.ok ? 'ok' : result.error.code,
      durationMs: Math.round(performance.now() - started)
    })
  }
  // Only errors are redacted: data that held the key was refused in validate.ts.
  return result.ok ? result : { ok: false, error: redactor.deep(result.error) }
}
