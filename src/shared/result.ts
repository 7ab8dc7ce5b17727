/** Every IPC reply is a Result: errors thrown across IPC lose all but their message. */
import { z } from 'zod'
import { NEXT_STEP_PHRASES } from './errors/next-steps'
import type { NextStep } from './errors/next-steps'

/**
 * Every error code: the exit code the CLI ends with (one distinct code each; bad arguments exit
 * like INVALID_INPUT) and what it means, as the CLI's --help says it.
 */
export const ERROR_CODE_EXITS = {
  INTERNAL: [1, 'unexpected failure inside the CLI or app core'],
  INVALID_INPUT: [2, 'bad command-line arguments or input (usage error)'],
  NOT_CONFIGURED: [3, 'remote mode without MARKET_API_KEY (or another missing setting)'],
  AUTH: [4, 'the service rejected the API key'],
  NOT_FOUND: [5, 'no data for that location, bed type or transaction type'],
  BAD_REQUEST: [6, 'the service refused the request parameters'],
  RATE_LIMITED: [7, 'too many requests; try again later'],
  OFFLINE: [8, 'offline: the service was not contacted'],
  NETWORK: [9, 'the service could not be reached'],
  TIMEOUT: [10, 'the service did not answer in time'],
  SERVER: [11, 'the service failed (HTTP 5xx)'],
  BAD_RESPONSE: [12, 'the answer was not what the service contract describes'],
  CANCELLED: [13, 'interrupted (Ctrl-C) before finishing'],
  FORBIDDEN: [14, 'a request from outside the app window was refused (never from the CLI)'],
  /** A 404 not in the service's envelope: a layout problem, not missing data. */
  UNSUPPORTED_ROUTE: [15, 'the service has no such route (the path tried is named; see doctor)'],
  QUOTA: [16, 'the quota of the API key is used up (HTTP 402 or the service said so)']
} as const satisfies Record<string, readonly [exit: number, meaning: string]>
export type ErrorCode = keyof typeof ERROR_CODE_EXITS
export const ERROR_CODES = Object.keys(ERROR_CODE_EXITS) as [ErrorCode, ...ErrorCode[]]
export const ErrorCodeSchema = z.enum(ERROR_CODES)

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
