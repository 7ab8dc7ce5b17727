/** Every IPC reply is a Result: errors thrown across IPC lose all but their message. */
import { z } from 'zod'
import { NEXT_STEP_PHRASES } from './errors/next-steps'
import type { NextStep } from './errors/next-steps'

export const ERROR_CODES = [
  'NOT_CONFIGURED',
  'OFFLINE',
  'NETWORK',
  'TIMEOUT',
  'AUTH',
  'NOT_FOUND',
  /** The service has no such route (a 404 not in its envelope): a layout problem, not missing data. */
  'UNSUPPORTED_ROUTE',
  'BAD_REQUEST',
  'RATE_LIMITED',
  /** The service refused because the key's quota or plan is used up (402, or its own quota code). */
  'QUOTA',
  'SERVER',
  'BAD_RESPONSE',
  'INVALID_INPUT',
  'CANCELLED',
  /** The request did not come from the app's own window and was refused. */
  'FORBIDDEN',
  'INTERNAL'
] as const
export const ErrorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

/** What the user can do about an error: each surface phrases it (./errors/next-steps.ts). */
export const NEXT_STEPS = Object.keys(NEXT_STEP_PHRASES) as [NextStep, ...NextStep[]]
export const NextStepSchema = z.enum(NEXT_STEPS)
export type { NextStep }

export const DATA_SOURCES = ['demo', 'remote'] as const
export type DataSource = (typeof DATA_SOURCES)[number]

export interface ResultMeta {
  source: DataSource
  /** ISO 8601 time the data was fetched from the service. */
  fetchedAt: string
  /** The service's own words that its figures are illustrative, when its answer says so. */
  notice?: string
}

export type Ok<T> = { ok: true; data: T; meta?: ResultMeta }
export type Err = { ok: false; error: AppError }
export type Result<T> = Ok<T> | Err

export function ok<T>(data: T, meta?: ResultMeta): Ok<T> {
  return meta ? { ok: true, data, meta } : { ok: true, data }
}

export function err(
  code: ErrorCode,
  message: string,
  extra: Omit<AppError, 'code' | 'message'> = {}
): Err {
  return { ok: false, error: { code, message, ...extra } }
}

/** A catalogued error (../errors/catalogue.ts) as a failed Result. */
export function failure(error: AppError): Err {
  return { ok: false, error }
}

export const AppErrorSchema = z.object({
  code: ErrorCodeSchema,
  /**
   * What happened, in human sentences. Never contains the API key. What to do about it is
   * `nextStep`, which each surface phrases itself (`describeError` in ./errors/next-steps.ts).
   */
  message: z.string(),
  nextStep: NextStepSchema.optional(),
  /** How long to wait before retrying: a rate limit's Retry-After, or a pause of sending. */
  retryAfterMs: z.number().optional(),
  /** HTTP status when the error came from the service. */
  status: z.number().optional(),
  /** The quota guard did not send this request (sending paused or stopped): not a failure of it. */
  notSent: z.literal(true).optional(),
  /** Structured extra information (e.g. which field of a response was wrong). */
  details: z.unknown().optional()
})
export type AppError = z.infer<typeof AppErrorSchema>
