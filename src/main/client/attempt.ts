/**
 * One HTTP request of a call, answered as a Result: sent with undici, ended by the caller's signal
 * or the attempt's own deadline, validated, its errors redacted. Whether to send it at all, wait
 * or send it again is the quota guard's decision (../connection/quota-guard.ts), never this one's.
 */
import { request } from 'undici'
import type { Dispatcher } from 'undici'
import type { z } from 'zod'
import type { Where } from '@shared/errors/catalogue'
import type { Result } from '@shared/result'
import { failure } from '@shared/result'
import { ERRORS } from '@shared/errors/catalogue'
import type { Placement, Timeouts } from '@shared/settings'
import { classifyTransportError } from './errors'
import type { ServiceClientOptions } from './options'
import type { Redactor } from './redact'
import type { WireRequest } from './url'
import { headerValue, interpretResponse } from './validate'
import type { HttpResponse } from './validate'

/**
 * Added to the sum of the timeouts for the attempt's own deadline, so undici's more specific
 * timeouts (connect, headers, body), which it checks on a coarse tick, fire first when they can.
 */
export const GRACE_MS = 1_000

export interface PreparedCall<T> {
  wire: WireRequest
  /** The operation URL's host and path, for errors and the log line. */
  where: Where
  headers: Record<string, string>
  /** Its operation's answer schema and response cap (see ENDPOINTS in ./client.ts). */
  endpoint: { schema: z.ZodType<{ data: T }>; maxResponseBytes: number }
  redactor: Redactor
  placement: Placement
}

/** What every attempt of a client shares (see ServiceClientOptions). */
export type AttemptDeps = Required<
  Pick<ServiceClientOptions, 'dispatcher' | 'timeouts' | 'source' | 'now'>
> &
  Pick<ServiceClientOptions, 'logger'>

/** An error with the code the transport classification reads (./errors.ts). */
const coded = (code: string, message: string): Error => Object.assign(new Error(message), { code })

/**
 * One GET with undici. Reads at most `maxResponseBytes`: a larger declared content-length is
 * refused before reading, and a body that streams past the limit is cut off (socket destroyed).
 * `signal` ends the request at any stage (the caller's cancel and the attempt's deadline).
 * Transport failures (refused, reset, timeouts, abort) are thrown for the caller to classify.
 */
async function sendHttp(
  dispatcher: Dispatcher,
  call: PreparedCall<unknown>,
  timeouts: Timeouts,
  signal: AbortSignal
): Promise<HttpResponse> {
  const {
    statusCode: status,
    headers,
    body
  } = await request(call.wire.url, {
    dispatcher,
    method: 'GET',
    headers: call.headers,
    body: call.wire.body,
    signal,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs
  })
  const { maxResponseBytes } = call.endpoint
  const declared = headerValue(headers, 'content-length')?.trim()
  if (declared && /^\d+$/.test(declared) && Number(declared) > maxResponseBytes) {
    body.destroy()
    return { status, headers, text: undefined }
  }
  return { status, headers, text: await readCapped(body, maxResponseBytes, timeouts.bodyMs) }
}

/**
 * The body as text, or undefined once it passes `maxResponseBytes` (the socket is then destroyed).
 * `bodyMs` bounds both the silence between chunks (undici's body timeout) and the whole body, so
 * a slow drip cannot hold a request open for ever.
 */
async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxResponseBytes: number,
  bodyMs: number
): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let total = 0
  let lastChunkAt = performance.now()
  // A timer, cleared when the body ends (AbortSignal.timeout would stay pending for bodyMs).
  const deadline = setTimeout(() => {
    // A body that went silent is a stall (undici's idle timeout may fire at the same moment).
    const stalled = performance.now() - lastChunkAt >= bodyMs / 2
    body.destroy(
      stalled
        ? coded('UND_ERR_BODY_TIMEOUT', `response body stalled for ${bodyMs} ms`)
        : coded('ME_BODY_DEADLINE', `response body not complete within ${bodyMs} ms`)
    )
  }, bodyMs)
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      lastChunkAt = performance.now()
      total += chunk.length
      // Leaving the loop destroys the body.
      if (total > maxResponseBytes) return undefined
      chunks.push(chunk)
    }
    return Buffer.concat(chunks, total).toString('utf8')
  } finally {
    clearTimeout(deadline)
  }
}

/** Sends the call's request once (attempt number `attempt`) and answers what came back. Never throws. */
export async function attemptOnce<T>(
  call: PreparedCall<T>,
  deps: AttemptDeps,
  signal: AbortSignal,
  attempt: number
): Promise<Result<T>> {
  const { redactor, where } = call
  const { schema, maxResponseBytes } = call.endpoint
  // Timed only for the log line: no work for a line nobody receives.
  const started = deps.logger ? performance.now() : 0
  // undici's headers timeout restarts on every 1xx answer: a service sending 103 Early Hints for
  // ever would hold the request without a deadline of the attempt's own.
  const { connectMs, headersMs, bodyMs } = deps.timeouts
  const deadlineMs = connectMs + headersMs + bodyMs + GRACE_MS
  const deadline = AbortSignal.timeout(deadlineMs)
  let status: number | undefined
  let result: Result<T>
  try {
    const both = AbortSignal.any([signal, deadline])
    const response = await sendHttp(deps.dispatcher, call, deps.timeouts, both)
    status = response.status
    const now = deps.now()
    const meta = { source: deps.source, fetchedAt: now.toISOString() }
    const context = { where, meta, now, maxResponseBytes, redactor, asked: call.wire.params }
    result = interpretResponse(response, schema, context)
  } catch (error) {
    if (signal.aborted) result = failure(ERRORS.cancelled())
    // Ended by its deadline: whatever undici threw on the way out, the deadline is the cause.
    else if (deadline.aborted) result = failure(ERRORS.answerDeadline(where.host, deadlineMs))
    else {
      const context = { ...where, timeouts: deps.timeouts }
      result = failure(classifyTransportError(error, context, redactor))
    }
  }
  try {
    // Every line goes through the redactor; a failing logger never turns an answer into an error.
    deps.logger?.info(
      'service request',
      redactor.deep({
        method: 'GET',
        path: where.path,
        placement: call.placement,
        attempt,
        status,
        outcome: result.ok ? 'ok' : result.error.code,
        durationMs: Math.round(performance.now() - started)
      })
    )
  } catch {
    // logging must never break a request
  }
  // Only errors are redacted: data that held the key was refused in validate.ts.
  return result.ok ? result : { ok: false, error: redactor.deep(result.error) }
}
