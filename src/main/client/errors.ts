import { ERRORS, MAX_SERVICE_MESSAGE_CHARS } from '@shared/errors/catalogue'
import type { ServiceSaid, Where } from '@shared/errors/catalogue'
import type { AppError, ErrorCode } from '@shared/result'
import type { Timeouts } from '@shared/settings'
import type { Redactor } from './redact'

/** How much of a service message is read at all (runs of whitespace may shrink it to the cap). */
export const SERVICE_MESSAGE_SCAN_CHARS = 8 * MAX_SERVICE_MESSAGE_CHARS

/**
 * A message written by the service, made safe to show. Cut first (a message may be megabytes), then
 * cleaned: the key redacted (an occurrence at the cut is redacted whole, so no half key survives),
 * control characters and runs of whitespace collapsed, length capped.
 */
export function cleanServiceMessage(value: unknown, redactor: Redactor): string | undefined {
  if (typeof value !== 'string') return undefined
  const excerpt = redactor.excerpt(value, SERVICE_MESSAGE_SCAN_CHARS)
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const text = excerpt.text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim()
  if (!text) return undefined
  // Characters are counted only in a text longer than the cap in UTF-16 units.
  const fits = (chars: number): boolean => chars <= MAX_SERVICE_MESSAGE_CHARS && !excerpt.cut
  if (fits(text.length) || fits([...text].length)) return text
  const kept = [...text].slice(0, MAX_SERVICE_MESSAGE_CHARS - 1).join('')
  return `${kept.replace(/[\ud800-\udbff]$/, '').trimEnd()}…`
}

export function codeForStatus(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'AUTH'
  if (status === 402) return 'QUOTA'
  if (status === 404) return 'NOT_FOUND'
  if (status === 408) return 'TIMEOUT'
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500) return 'SERVER'
  if (status >= 400) return 'BAD_REQUEST'
  return 'BAD_RESPONSE'
}

/** Words in a service's code or message saying the key's quota or limit is used up. */
const QUOTA_WORDS =
  /quota|limit[\s_-]*(?:was\s+|has\s+been\s+)?(?:exceeded|reached)|exceeded[\s\w]{0,30}limit/i

/** A service's own error codes, by what they mean to the app (and QUOTA_WORDS: QUOTA). */
const SERVICE_CODE_MEANINGS: Partial<Record<ErrorCode, string[]>> = {
  AUTH: ['AUTH', 'UNAUTHORIZED', 'UNAUTHENTICATED', 'FORBIDDEN', 'INVALID_API_KEY'],
  NOT_FOUND: ['NOT_FOUND', 'NO_DATA'],
  UNSUPPORTED_ROUTE: ['ROUTE_NOT_FOUND'],
  BAD_REQUEST: ['BAD_REQUEST', 'VALIDATION_ERROR', 'INVALID_INPUT', 'INVALID_PARAMETER'],
  RATE_LIMITED: ['RATE_LIMITED', 'TOO_MANY_REQUESTS'],
  QUOTA: ['PAYMENT_REQUIRED'],
  SERVER: ['SERVER', 'SERVER_ERROR', 'INTERNAL', 'INTERNAL_ERROR']
}

const SERVICE_CODES = new Map(
  Object.entries(SERVICE_CODE_MEANINGS).flatMap(([code, names]) =>
    names.map((name) => [name, code as ErrorCode] as const)
  )
)

/**
 * `success:false` answered with HTTP 200: map the service's own code when it is recognisable (a
 * code naming a quota or limit exceeded is QUOTA); otherwise the service deliberately refused this
 * request, which is a BAD_REQUEST.
 */
export function codeForServiceCode(code: string | undefined): ErrorCode {
  const key = code?.toUpperCase().replace(/[^A-Z0-9]+/g, '_')
  if (!key) return 'BAD_REQUEST'
  return SERVICE_CODES.get(key) ?? (QUOTA_WORDS.test(key) ? 'QUOTA' : 'BAD_REQUEST')
}

/** A refusal whose code or message says the key's quota or limit is used up (not a 429's wait). */
export function saysQuotaExceeded(code: string | undefined, message: string | undefined): boolean {
  return QUOTA_WORDS.test(code ?? '') || QUOTA_WORDS.test(message ?? '')
}

/** The catalogue's error for each code a service answer may have (any other: a refused request). */
const SERVICE_ERRORS: Partial<Record<ErrorCode, (said: ServiceSaid, where: Where) => AppError>> = {
  AUTH: (said) => (said.status === 403 ? ERRORS.keyRefused(said) : ERRORS.keyRejected(said)),
  NOT_FOUND: ERRORS.noData,
  UNSUPPORTED_ROUTE: ERRORS.unsupportedRoute,
  RATE_LIMITED: ERRORS.rateLimited,
  QUOTA: ERRORS.quotaExceeded,
  SERVER: ERRORS.serverFailed,
  TIMEOUT: ERRORS.serviceGaveUp,
  BAD_RESPONSE: ERRORS.unexpectedStatus
}

/**
 * The catalogue's error for an answer the service refused with `code` (by its status or its own
 * code), with what the service said (`info`: its message, made safe, and its own error code): a
 * refused request whose code or words say the quota or limit is used up is QUOTA.
 */
export function serviceError(
  code: ErrorCode,
  status: number,
  info: { message?: string | undefined; code?: string | undefined },
  where: Where,
  retryAfterMs?: number
): AppError {
  const quota = code === 'BAD_REQUEST' && saysQuotaExceeded(info.code, info.message)
  const serviceMessage = info.message
  const said = { status, serviceMessage, retryAfterMs }
  const error = (SERVICE_ERRORS[quota ? 'QUOTA' : code] ?? ERRORS.requestRejected)(said, where)
  const details: Record<string, unknown> = {}
  if (serviceMessage) details['serviceMessage'] = serviceMessage
  if (info.code) details['serviceCode'] = info.code
  return {
    ...error,
    status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(Object.keys(details).length > 0 ? { details } : {})
  }
}

/** Error codes found on an error, its `cause` chain and AggregateError members. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = []
  const visit = (value: unknown, depth: number): void => {
    if (depth > 4 || typeof value !== 'object' || value === null) return
    const { code, cause, errors, name } = value as Record<string, unknown>
    if (typeof code === 'string') codes.push(code)
    // undici's parser errors carry no code of their own.
    else if (name === 'HTTPParserError') codes.push('HPE_PARSE')
    visit(cause, depth + 1)
    if (Array.isArray(errors)) for (const item of errors) visit(item, depth + 1)
  }
  visit(error, 0)
  return codes
}

/** `cause`: the error's first code. */
type TransportError = (host: string, timeouts: Timeouts, cause: string) => AppError

/** What a transport error code means, in the order checked (the first row a code matches wins). */
const TRANSPORT_ERRORS: [RegExp, TransportError][] = [
  [
    /^(?:UND_ERR_CONNECT_TIMEOUT|ETIMEDOUT)$/,
    (host, t) => ERRORS.connectTimeout(host, t.connectMs)
  ],
  [/^UND_ERR_HEADERS_TIMEOUT$/, (host, t) => ERRORS.headersTimeout(host, t.headersMs)],
  [/^UND_ERR_BODY_TIMEOUT$/, (host, t) => ERRORS.bodyStalled(host, t.bodyMs)],
  [/^ME_BODY_DEADLINE$/, (host, t) => ERRORS.bodyDeadline(host, t.bodyMs)],
  [/^(?:ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_NODATA)$/, ERRORS.hostNotFound],
  [/^ECONNREFUSED$/, ERRORS.connectionRefused],
  // Before a reset: undici closes the socket on an answer it cannot parse, and says both.
  [/^(?:HPE_|UND_ERR_HEADERS_OVERFLOW$)/, ERRORS.notHttp],
  [/^(?:ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_SOCKET|ME_HANG_UP)$/, ERRORS.connectionInterrupted],
  [/^UND_ERR_RES_CONTENT_LENGTH_MISMATCH$/, ERRORS.answerIncomplete],
  [/^(?:ENETUNREACH|EHOSTUNREACH|ENETDOWN|EHOSTDOWN)$/, ERRORS.networkDown],
  [
    /^(?:ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/,
    (host, _, cause) => ERRORS.tlsFailed(host, cause)
  ]
]

/** Turns a thrown transport error into an AppError naming the host (never the key). */
export function classifyTransportError(
  error: unknown,
  ctx: Where & { timeouts: Timeouts },
  redactor: Redactor
): AppError {
  const codes = errorCodes(error)
  const text = error instanceof Error ? error.message : String(error)
  const reason = cleanServiceMessage(text, redactor) ?? ''
  const details = { cause: codes[0] ?? 'unknown', reason }
  // A reset may come with no code, only undici's words for it.
  const hungUp = /socket hang up|other side closed/i.test(reason)
  const said = hungUp ? [...codes, 'ME_HANG_UP'] : codes
  for (const [pattern, make] of TRANSPORT_ERRORS) {
    if (said.some((code) => pattern.test(code))) {
      return { ...make(ctx.host, ctx.timeouts, details.cause), details }
    }
  }
  return { ...ERRORS.unreachable(ctx.host), details }
}
