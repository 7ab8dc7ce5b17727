/** Error envelope of the embedded service: {success:false, message, error:{code, details}}. */
export type ServiceErrorCode =
  | 'UNAUTHORIZED'
  | 'INVALID_PARAMETERS'
  | 'LOCATION_NOT_FOUND'
  | 'BEDS_NOT_FOUND'
  | 'ROUTE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'MALFORMED_BODY'
  | 'BODY_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'BAD_REQUEST'
  | 'HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'EXPECTATION_FAILED'
  | 'INTERNAL_ERROR'

export interface ServiceError {
  status: number
  code: ServiceErrorCode
  message: string
  details?: Record<string, unknown>
}

/** What a step of answering a request gives: its value, or the error the service answers. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ServiceError }

export interface ErrorBody {
  success: false
  message: string
  error: { code: ServiceErrorCode; details: Record<string, unknown> }
}

export function errorBody(error: ServiceError): ErrorBody {
  return {
    success: false,
    message: error.message,
    error: { code: error.code, details: error.details ?? {} }
  }
}

export const badRequest = (message: string): ServiceError => ({
  status: 400,
  code: 'BAD_REQUEST',
  message
})

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
    status: 400,
    code: 'INVALID_PARAMETERS',
    message: `Invalid request: ${sentences.join('; ')}.`,
    details: { parameters: problems }
  }
}
