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

function declaredLength(headers: ResponseHeaders): number | undefined {
  const value = headerValue(headers, 'content-length')
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined
  return Number(value)
}

/**
 * One GET with undici. Reads at most `maxResponseBytes`: a larger declared content-length is
 * refused before reading, and a body that streams past the limit is cut off (socket destroyed).
 * Transport failures (refused, reset, timeouts, abort) are thrown for the caller to classify.
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
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of body) {
    const buffer: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    total += buffer.length
    if (total > limits.maxResponseBytes) {
      body.destroy()
      return { kind: 'too-large', status, headers }
    }
    chunks.push(buffer)
  }
  return { kind: 'complete', status, headers, text: Buffer.concat(chunks).toString('utf8') }
}
