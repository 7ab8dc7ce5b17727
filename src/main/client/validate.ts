import { z } from 'zod'
import type { AppError, Result, ResultMeta } from '@shared/result'
import { ok, err } from '@shared/result'
import { ErrorEnvelopeSchema } from '@shared/spec'
import type { RequestContext } from './errors'
import {
  appError,
  cleanServiceMessage,
  codeForServiceCode,
  codeForStatus,
  serviceError
} from './errors'
import type { HttpResponse, ResponseHeaders } from './http'
import { headerValue } from './http'
import type { Redactor } from './redact'
import { parseRetryAfter, RETRYABLE_STATUSES } from './retry'

/** What one attempt came to: a final Result, or an error that a retry may cure. */
export type AttemptOutcome<T> =
  | { kind: 'final'; result: Result<T> }
  | { kind: 'retry'; error: AppError; retryAfterMs?: number; serviceMessage?: string }

export interface InterpretContext extends RequestContext {
  meta: ResultMeta
  now: Date
  maxResponseBytes: number
  redactor: Redactor
}

const MAX_REPORTED_ISSUES = 5

/** `['data', 'locations', 3, 'slug']` → `data.locations[3].slug`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  const text = path.reduce<string>((acc, part) => {
    if (typeof part === 'number') return `${acc}[${part}]`
    return acc ? `${acc}.${String(part)}` : String(part)
  }, '')
  return text || '(root)'
}

/** Loose reading of an error body that is JSON but not the embedded service's error envelope. */
const LooseErrorBodySchema = z.object({
  message: z.string().optional(),
  error: z
    .union([z.string(), z.object({ code: z.string().optional(), message: z.string().optional() })])
    .optional()
})

interface ServiceInfo {
  message?: string | undefined
  code?: string | undefined
}

function readServiceInfo(value: unknown, redactor: Redactor): ServiceInfo {
  const envelope = ErrorEnvelopeSchema.safeParse(value)
  if (envelope.success) {
    const { message, error } = envelope.data
    return { message: cleanServiceMessage(message, redactor), code: error?.code }
  }
  const loose = LooseErrorBodySchema.safeParse(value)
  if (!loose.success) return {}
  const { message, error } = loose.data
  const text = message ?? (typeof error === 'string' ? error : error?.message)
  const code = typeof error === 'object' ? error.code : undefined
  return { message: cleanServiceMessage(text, redactor), code }
}

type Parsed = { json: true; value: unknown } | { json: false }

function parseJson(text: string): Parsed {
  try {
    return { json: true, value: JSON.parse(text) as unknown }
  } catch {
    return { json: false }
  }
}

function describeNonJson(text: string, headers: ResponseHeaders): string {
  if (!text.trim()) return 'an empty answer'
  const type = headerValue(headers, 'content-type') ?? ''
  if (/html/i.test(type) || /^\s*</.test(text)) return 'a web page (HTML)'
  return 'text that is not JSON'
}

function badResponse(message: string, extra: Omit<AppError, 'code' | 'message'> = {}) {
  return { kind: 'final' as const, result: err('BAD_RESPONSE', message, extra) }
}

function shapeError(issues: readonly z.core.$ZodIssue[], ctx: InterpretContext): AppError {
  const reported = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => ({
    path: formatIssuePath(issue.path),
    message: ctx.redactor.text(issue.message)
  }))
  const first = reported[0] ?? { path: '(root)', message: 'unexpected shape' }
  const more = issues.length > 1 ? ` and ${issues.length - 1} more problem(s)` : ''
  return appError(
    'BAD_RESPONSE',
    `The service's answer was not in the expected format or held an impossible value: ${first.path} (${first.message})${more}. Check the base URL in Settings points at the market data service, or try again later.`,
    { status: 200, details: { issues: reported } }
  )
}

function interpretSuccess<T>(
  parsed: Parsed,
  text: string,
  response: Extract<HttpResponse, { kind: 'complete' }>,
  schema: z.ZodType<{ data: T }>,
  ctx: InterpretContext
): AttemptOutcome<T> {
  const { status } = response
  if (!parsed.json) {
    return badResponse(
      `The service at ${ctx.host} answered with ${describeNonJson(text, response.headers)} instead of JSON (HTTP ${status}). Check the base URL in Settings points at the market data service.`,
      { status }
    )
  }
  const value = parsed.value
  if (typeof value === 'object' && value !== null && 'success' in value && !value.success) {
    const info = readServiceInfo(value, ctx.redactor)
    const code = codeForServiceCode(info.code)
    const input = { code, status, serviceMessage: info.message, serviceCode: info.code }
    return { kind: 'final', result: { ok: false, error: serviceError(input, ctx) } }
  }
  const checked = schema.safeParse(value)
  if (!checked.success) {
    return { kind: 'final', result: { ok: false, error: shapeError(checked.error.issues, ctx) } }
  }
  // Data is never rewritten: an answer that holds the key is refused whole.
  const leak = ctx.redactor.findIn(checked.data.data)
  if (leak) {
    const field = formatIssuePath(['data', ...leak])
    return badResponse(
      `The service's answer contained your API key (in ${field}), so the app did not use it. Report this to the service provider, and consider replacing the key in Settings.`,
      { status, details: { field } }
    )
  }
  return { kind: 'final', result: ok(checked.data.data, ctx.meta) }
}

/** Turns an HTTP answer into a Result (validated against the envelope schema) or a retry. */
export function interpretResponse<T>(
  response: HttpResponse,
  schema: z.ZodType<{ data: T }>,
  ctx: InterpretContext
): AttemptOutcome<T> {
  const { status } = response
  if (response.kind === 'too-large' && status < 400) {
    return badResponse(
      `The service sent a response larger than ${ctx.maxResponseBytes} bytes, more than this app accepts. Check the base URL in Settings points at the market data service.`,
      { status, details: { maxResponseBytes: ctx.maxResponseBytes } }
    )
  }
  const text = response.kind === 'complete' ? response.text : ''
  const parsed: Parsed = response.kind === 'complete' ? parseJson(text) : { json: false }
  if (response.kind === 'complete' && status >= 200 && status < 300) {
    return interpretSuccess(parsed, text, response, schema, ctx)
  }
  if (status >= 300 && status < 400) {
    const location = headerValue(response.headers, 'location')
    return badResponse(
      `The service redirected the request (HTTP ${status}) to another address. Update the base URL in Settings to the service's current address.`,
      { status, details: { location: ctx.redactor.excerpt(location ?? '', 2_048).text } }
    )
  }
  const info: ServiceInfo = parsed.json ? readServiceInfo(parsed.value, ctx.redactor) : {}
  const code = codeForStatus(status)
  const headers = response.headers
  const retryAfterMs =
    code === 'RATE_LIMITED' || RETRYABLE_STATUSES.has(status)
      ? parseRetryAfter(headers['retry-after'], ctx.now)
      : undefined
  const input = { code, status, serviceMessage: info.message, retryAfterMs, serviceCode: info.code }
  const error = serviceError(input, ctx)
  if (RETRYABLE_STATUSES.has(status)) {
    return {
      kind: 'retry',
      error,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(info.message === undefined ? {} : { serviceMessage: info.message })
    }
  }
  return { kind: 'final', result: { ok: false, error } }
}
