import { request } from 'undici'
import type { Dispatcher } from 'undici'

export type ResponseHeaders = Dispatcher.ResponseData['headers']

export interface HttpAttempt {
  url: URL
  headers: Record<string, string>
  body: string | undefined
}

export interface HttpLimits {
  headersMs: number
  bodyMs: number
  maxResponseBytes: number
}

export type HttpResponse =
  | { kind: 'complete'; status: number; headers: ResponseHeaders; text: string }
  | { kind: 'too-large'; status: number; headers: ResponseHeaders }

export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Thrown when a body keeps trickling in past `bodyMs` in total (undici's own timeout is idle time). */
export class BodyDeadlineError extends Error {
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
export async function sendHttp(
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
