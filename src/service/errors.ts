/** Error envelope of the embedded service: {success:false, message, error:{code, details}}. */
/** Each code the service answers with, and its HTTP status. */
const STATUS = {
  UNAUTHORIZED: 401,
  INVALID_PARAMETERS: 400,
  LOCATION_NOT_FOUND: 404,
  BEDS_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MALFORMED_BODY: 400,
  BODY_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  EXPECTATION_FAILED: 417,
  INTERNAL_ERROR: 500
} as const
export type ServiceErrorCode = keyof typeof STATUS

export interface ServiceError {
  code: ServiceErrorCode
  message: string
  details?: Record<string, unknown>
  /** Set only where it is not the code's own (a client error fastify reports with its 4xx). */
  status?: number
}

/** What a step of answering a request gives: its value, or the error the service answers. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ServiceError }

/** An error as the service answers it: its HTTP status and its envelope, serialised. */
export function errorAnswer(error: ServiceError): { status: number; body: string } {
  const envelope = {
    success: false,
    message: error.message,
    error: { code: error.code, details: error.details ?? {} }
  }
  return { status: error.status ?? STATUS[error.code], body: JSON.stringify(envelope) }
}

export const badRequest = (message: string): ServiceError => ({ code: 'BAD_REQUEST', message })

export interface ParameterProblem {
  parameter: string
  problem: string
  allowed?: readonly string[]
}

export function invalidParameters(problems: readonly ParameterProblem[]): ServiceError {
  const sentences = problems.map(
    ({ parameter, problem, allowed }) =>
      `${parameter} ${problem}${allowed ? ` (allowed: ${allowed.join(', ')})` : ''}`
  )
  return {
    code: 'INVALID_PARAMETERS',
    message: `Invalid request: ${sentences.join('; ')}.`,
    details: { parameters: problems }
  }
}
