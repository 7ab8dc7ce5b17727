/**
 * One HTTP request of a call, answered as a Result: sent with undici, ended by the caller's signal
 * or the attempt's own deadline, validated, its errors redacted. Whether to send it at all, wait
 * or send it again is the quota guard's decision (../connection/quota-guard.ts), never this one's.
 */
import { request } from 'undici'
import type { Dispatcher } from 'undici'
import type { z } from 'zod'
import type { Result } from '@shared/result'
import { failure } from '@shared/result'
import { ERRORS } from '@shared/errors/catalogue'
import { classifyTransportError } from './errors'
import type { Where } from '@shared/errors/catalogue'
import type { Placement } from '@shared/settings'
import type { LogFields, ResolvedOptions } from './options'
import type { Redactor } from './redact'
import type { WireRequest } from './url'
import { headerValue, interpretResponse } from './validate'
import type { HttpResponse, ResponseHeaders } from './validate'

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
  placement: Placement
}

export interface AttemptDeps {
  options: ResolvedOptions
  dispatcher: Dispatcher
  limits: HttpLimits
}

interface HttpAttempt {
  url: URL
  headers: Record<string, string>
  body: string | undefined
}

export interface HttpLimits {
  headersMs: number
  bodyMs: number
  maxResponseBytes: number
}

/** Thrown when a body keeps trickling in past `bodyMs` in total (undici's own timeout is idle time). */
class BodyDeadlineError extends Error {
  readonly code = 'ME_BODY_DEADLINE'
  constructor(readonly ms: number) {
    super(`response body not complete within ${ms} ms`)
    this.name = 'BodyDeadlineError'
  }
}

/** The same code as undici's idle body timeout: classified the same way. */
class BodyStalledError extends Error {
  readonly code = 'UND_ERR_BODY_TIMEOUT'
  constructor(readonly ms: number) {
    super(`response body stalled for ${ms} ms`)
    this.name = 'BodyStalledError'
  }
}

function declaredLength(headers: ResponseHeaders): number | undefined {
  const value = headerValue(headers, 'content-length')
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined
  return Number(value)
}

/**
 * One GET with undici. Reads at most `maxResponseBytes`: a larger declared content-length is
 * refused before reading, and a body that streams past the limit is cut off (socket destroyed).
 * `bodyMs` bounds both the silence between chunks (undici's body timeout) and the whole body
 * (AbortSignal.timeout), so a slow drip cannot hold a request open for ever. `signal` ends the
 * request at any stage (the caller's cancel and the attempt's deadline). Transport failures
 * (refused, reset, timeouts, abort) are thrown for the caller to classify.
 */
async function sendHttp(
  dispatcher: Dispatcher,
  attempt: HttpAttempt,
  limits: HttpLimits,
  signal: AbortSignal
): Promise<HttpResponse> {
  const response = await request(attempt.url, {
    dispatcher,
    method: 'GET',
    headers: attempt.headers,
    body: attempt.body,
    signal,
    headersTimeout: limits.headersMs,
    bodyTimeout: limits.bodyMs
  })
  const { statusCode: status, headers, body } = response
  const declared = declaredLength(headers)
  if (declared !== undefined && declared > limits.maxResponseBytes) {
    body.destroy()
    return { kind: 'too-large', status, headers }
  }
  const text = await readCapped(body, limits)
  return text === undefined
    ? { kind: 'too-large', status, headers }
    : { kind: 'complete', status, headers, text }
}

type ResponseBody = Dispatcher.ResponseData['body']

/**
 * The body as text, or undefined once it passes `maxResponseBytes` (the socket is then destroyed).
 * Read with plain stream events: an async iterator costs several promises per chunk.
 */
function readCapped(body: ResponseBody, limits: HttpLimits): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    let lastChunkAt = performance.now()
    let settled = false
    const deadline = AbortSignal.timeout(limits.bodyMs)
    const onDeadline = (): void => {
      // A body that went silent is a stall (undici's idle timeout may fire at the same moment).
      const stalled = performance.now() - lastChunkAt >= limits.bodyMs / 2
      body.destroy(
        stalled ? new BodyStalledError(limits.bodyMs) : new BodyDeadlineError(limits.bodyMs)
      )
    }
    deadline.addEventListener('abort', onDeadline, { once: true })
    const settle = (): boolean => {
      if (settled) return false
      settled = true
      deadline.removeEventListener('abort', onDeadline)
      return true
    }
    body.on('data', (chunk: unknown) => {
      if (settled) return
      lastChunkAt = performance.now()
      const buffer: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
      total += buffer.length
      if (total > limits.maxResponseBytes) {
        if (settle()) resolve(undefined)
        body.destroy()
        return
      }
      chunks.push(buffer)
    })
    body.on('end', () => {
      if (settle()) resolve(Buffer.concat(chunks, total).toString('utf8'))
    })
    body.on('error', (error: Error) => {
      if (settle()) reject(error)
    })
    // Closed without an end or an error (the stream was destroyed quietly): not a whole body.
    body.on('close', () => {
      if (settle()) reject(new Error('response body closed before it was complete'))
    })
  })
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
function attemptDeadlineMs(options: ResolvedOptions): number {
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
  const ctx: Where = { host: call.wire.url.host, path: call.wire.url.pathname }
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
