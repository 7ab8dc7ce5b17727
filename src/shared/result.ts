/** Every IPC reply is a Result: errors thrown across IPC lose all but their message. */
import { z } from 'zod'

export const ERROR_CODES = [
  'NOT_CONFIGURED',
  'OFFLINE',
  'NETWORK',
  'TIMEOUT',
  'AUTH',
  'NOT_FOUND',
  'BAD_REQUEST',
  'RATE_LIMITED',
  'SERVER',
  'BAD_RESPONSE',
  'INVALID_INPUT',
  'CANCELLED',
  'INTERNAL'
] as const
export const ErrorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

export const DATA_SOURCES = ['demo', 'remote'] as const
export type DataSource = (typeof DATA_SOURCES)[number]

export interface AppError {
  code: ErrorCode
  /** A human sentence saying what happened and what to do next. Never contains the API key. */
  message: string
  /** RATE_LIMITED: how long to wait before retrying. */
  retryAfterMs?: number
  /** HTTP status when the error came from the service. */
  status?: number
  /** Structured extra information (e.g. which field of a response was wrong). */
  details?: unknown
}

export interface ResultMeta {
  source: DataSource
  /** ISO 8601 time the data was fetched from the service. */
  fetchedAt: string
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

export const AppErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  retryAfterMs: z.number().optional(),
  status: z.number().optional(),
  details: z.unknown().optional()
})
