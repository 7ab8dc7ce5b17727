import { z } from 'zod'
import type { AppError, Result, ResultMeta } from '@shared/result'
import { failure, ok } from '@shared/result'
import { ERRORS } from '@shared/errors/catalogue'
import { ErrorEnvelopeSchema } from '@shared/spec'
import { isRecord, issuePath, orUndefined } from '@shared/validation'
import type { Where } from '@shared/errors/catalogue'
import { cleanServiceMessage, codeForServiceCode, codeForStatus, serviceError } from './errors'
import type { Dispatcher } from 'undici'
import type { Redactor } from './redact'
import type { WireParams } from './url'
import { parseRetryAfter } from './retry-after'

export type ResponseHeaders = Dispatcher.ResponseData['headers']

export interface HttpResponse {
  status: number
  headers: ResponseHeaders
  /** The body, or undefined when it was larger than the response cap (not read whole). */
  text: string | undefined
}

export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

export interface InterpretContext {
  where: Where
  meta: ResultMeta
  now: Date
  maxResponseBytes: number
  redactor: Redactor
  /** The request's parameters: a figure echoes them (spec 2.4). */
  asked: WireParams
}

const MAX_REPORTED_ISSUES = 5

/** `['data', 'locations', 3, 'slug']` → `data.locations[3].slug`. */
const formatIssuePath = (path: readonly PropertyKey[]): string => issuePath(path) || '(root)'

/** Loose reading of an error body: the service's error envelope, or any JSON error of its kind. */
const LooseErrorBodySchema = z.object({
  message: z.string().optional(),
  error: z
    .union([z.string(), z.object({ code: z.string().optional(), message: z.string().optional() })])
    .optional()
})

function readServiceInfo(value: unknown, redactor: Redactor) {
  const loose = LooseErrorBodySchema.safeParse(value)
  if (!loose.success) return {}
  const { message, error } = loose.data
  const text = message ?? (typeof error === 'string' ? error : error?.message)
  const code = typeof error === 'object' ? error.code : undefined
  return { message: cleanServiceMessage(text, redactor), code }
}

/** What an answer may say of its figures: `meta.dataset` (the embedded service's way) or `meta`. */
const IllustrativeFlag = z.object({
  illustrative: z.boolean().optional(),
  notice: z.string().optional()
})
const SaysOfItselfSchema = z.object({
  message: z.string().optional(),
  meta: IllustrativeFlag.extend({ dataset: IllustrativeFlag.optional() }).optional()
})
const SAYS_ILLUSTRATIVE = /\b(illustrative|not market data|sample data)\b/i
const ILLUSTRATIVE_WORDS = 'The service says its figures are illustrative, not market data.'

/** The service's notice when its answer says its figures are illustrative (flag or words). */
function illustrativeNotice(value: unknown, redactor: Redactor): string | undefined {
  const said = SaysOfItselfSchema.safeParse(value)
  if (!said.success) return undefined
  const { message, meta } = said.data
  const flag = meta?.dataset?.illustrative ? meta.dataset : meta?.illustrative ? meta : undefined
  if (flag) return cleanServiceMessage(flag.notice, redactor) ?? ILLUSTRATIVE_WORDS
  return message && SAYS_ILLUSTRATIVE.test(message)
    ? cleanServiceMessage(message, redactor)
    : undefined
}

function describeNonJson(text: string, headers: ResponseHeaders): string {
  if (!text.trim()) return 'an empty answer'
  const type = headerValue(headers, 'content-type') ?? ''
  if (/html/i.test(type) || /^\s*</.test(text)) return 'a web page (HTML)'
  return 'plain or broken text'
}

/** Fields a figure echoes from its request, with the words an error names them by. */
const ECHOED = { location: 'location', country_code: 'country', beds: 'bed type' } as const
type Issue = Pick<z.core.$ZodIssue, 'path' | 'message'>

/**
 * An answer for another location, country or bed type than asked (any case) would be shown as
 * the figure asked for: it is refused. So is a service's default answer to parameters it ignored.
 */
const echoIssues = (data: Record<string, unknown>, asked: WireParams): Issue[] =>
  Object.entries(ECHOED).flatMap(([field, words]) => {
    const [said, wanted] = [data[field], asked[field]]
    if (wanted === undefined || typeof said !== 'string') return []
    if (said.trim().toLowerCase() === wanted.trim().toLowerCase()) return []
    return [{ path: ['data', field], message: `must be the ${words} asked for, ${wanted}` }]
  })

function shapeError(issues: readonly Issue[], ctx: InterpretContext): AppError {
  const reported = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => ({
    path: formatIssuePath(issue.path),
    message: ctx.redactor.text(issue.message)
  }))
  const first = reported[0] ?? { path: '(root)', message: 'unexpected shape' }
  const more = issues.length > 1 ? ` and ${issues.length - 1} more problem(s)` : ''
  return {
    ...ERRORS.unexpectedShape(`${first.path} (${first.message})${more}`),
    status: 200,
    details: { issues: reported }
  }
}

function interpretSuccess<T>(
  value: unknown,
  { status, headers, text = '' }: HttpResponse,
  schema: z.ZodType<{ data: T }>,
  ctx: InterpretContext
): Result<T> {
  if (value === undefined) {
    const what = describeNonJson(text, headers)
    return failure({ ...ERRORS.notJson(ctx.where.host, what, status), status })
  }
  if (typeof value === 'object' && value !== null && 'success' in value && !value.success) {
    const info = readServiceInfo(value, ctx.redactor)
    return failure(serviceError(codeForServiceCode(info.code), status, info, ctx.where))
  }
  const checked = schema.safeParse(value)
  if (!checked.success) return failure(shapeError(checked.error.issues, ctx))
  // Data is never rewritten: an answer that holds the key is refused whole.
  const leak = ctx.redactor.findIn(checked.data.data)
  if (leak) {
    const field = formatIssuePath(['data', ...leak])
    return failure({ ...ERRORS.keyInAnswer(field), status, details: { field } })
  }
  const echoed = isRecord(checked.data.data) ? echoIssues(checked.data.data, ctx.asked) : []
  if (echoed.length > 0) return failure(shapeError(echoed, ctx))
  const notice = illustrativeNotice(value, ctx.redactor)
  const { source, fetchedAt } = ctx.meta
  return ok(checked.data.data, notice ? { source, fetchedAt, notice } : ctx.meta)
}

/**
 * A 404 that is not the service's error envelope (a framework's `{"message":"The route … could not
 * be found."}`, a web page, nothing) or that the envelope itself calls ROUTE_NOT_FOUND: the path
 * does not exist there. Only an envelope 404 means "no data for this request".
 */
function routeLevel404(status: number, value: unknown): boolean {
  if (status !== 404) return false
  const envelope = ErrorEnvelopeSchema.safeParse(value)
  if (!envelope.success) return true
  return codeForServiceCode(envelope.data.error?.code) === 'UNSUPPORTED_ROUTE'
}

/**
 * Turns an HTTP answer into a Result, validated against the envelope schema. A refusal keeps the
 * Retry-After the service asked for (429 and 5xx) as `retryAfterMs`, for the quota guard.
 */
export function interpretResponse<T>(
  response: HttpResponse,
  schema: z.ZodType<{ data: T }>,
  ctx: InterpretContext
): Result<T> {
  const { status, text } = response
  if (text === undefined && status < 400) {
    const details = { maxResponseBytes: ctx.maxResponseBytes }
    return failure({ ...ERRORS.tooLarge(ctx.maxResponseBytes), status, details })
  }
  // Not JSON: undefined (no JSON text reads as undefined).
  const value = text === undefined ? undefined : orUndefined(() => JSON.parse(text) as unknown)
  if (status >= 200 && status < 300) return interpretSuccess(value, response, schema, ctx)
  if (status >= 300 && status < 400) {
    const location = headerValue(response.headers, 'location')
    const details = { location: ctx.redactor.excerpt(location ?? '', 2_048).text }
    return failure({ ...ERRORS.redirected(status), status, details })
  }
  const info = readServiceInfo(value, ctx.redactor)
  // A body too large to read says nothing about the route: only a 404 read whole can prove one missing.
  const routeMissing = text !== undefined && routeLevel404(status, value)
  const code = routeMissing ? 'UNSUPPORTED_ROUTE' : codeForStatus(status)
  const retryAfterMs =
    status === 429 || status >= 500
      ? parseRetryAfter(response.headers['retry-after'], ctx.now)
      : undefined
  return failure(serviceError(code, status, info, ctx.where, retryAfterMs))
}
