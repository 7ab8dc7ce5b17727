import { MAX_SERVICE_MESSAGE_CHARS } from '@shared/errors/catalogue'
import { describeError } from '@shared/errors/next-steps'
import type { AppError, DataSource, ErrorCode, NextStep, Result } from '@shared/result'
import { isRecord } from '@shared/validation'

/** Where a figure came from and when: kept with every market result, in memory and on disk. */
export interface Provenance {
  source: DataSource | 'unknown'
  fetchedAt: string
}

export interface MarketData<T> {
  data: T
  meta: Provenance
}

/** `details.serviceMessage`: what the service itself said, when main passed it on. */
function serviceMessageOf(details: unknown): string | undefined {
  const said = isRecord(details) ? details['serviceMessage'] : undefined
  return typeof said === 'string' && said.trim()
    ? said.slice(0, MAX_SERVICE_MESSAGE_CHARS)
    : undefined
}

/**
 * A failed `Result` as a thrown query error: the code and retry hint survive. `message` is what
 * the app shows: what happened and the next step in the app's words ("Open Settings and …");
 * `situation` and `nextStep` let a screen phrase the step its own way (Settings' form does).
 */
export class MarketQueryError extends Error {
  readonly code: ErrorCode
  readonly situation: string
  readonly nextStep: NextStep | undefined
  readonly retryAfterMs: number | undefined
  readonly status: number | undefined
  /** Not sent by main's quota guard (paused or stopped), rather than failed. */
  readonly notSent: boolean
  /** The service's own words, when it gave any. */
  readonly serviceMessage: string | undefined
  /** What main added (e.g. what a stopped connection test tried). */
  readonly details: unknown

  constructor(error: AppError) {
    super(describeError(error, 'app'))
    this.name = 'MarketQueryError'
    this.code = error.code
    this.situation = error.message
    this.nextStep = error.nextStep
    this.retryAfterMs = error.retryAfterMs
    this.status = error.status
    this.notSent = error.notSent === true
    this.serviceMessage = serviceMessageOf(error.details)
    this.details = error.details
  }
}

/** Anything thrown (an IPC rejection, a bug) as a MarketQueryError. */
export function toMarketQueryError(error: unknown): MarketQueryError {
  if (error instanceof MarketQueryError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new MarketQueryError({
    code: 'INTERNAL',
    message: `Something went wrong talking to the app: ${message}`
  })
}

/**
 * Calls `window.market`: the Result's data with its provenance, or a MarketQueryError for a failed
 * Result or a rejected call.
 */
export async function callMarket<T>(call: () => Promise<Result<T>>): Promise<MarketData<T>> {
  let result: Result<T>
  try {
    result = await call()
  } catch (error) {
    throw toMarketQueryError(error)
  }
  if (!result.ok) throw new MarketQueryError(result.error)
  const meta = result.meta ?? { source: 'unknown', fetchedAt: new Date().toISOString() }
  return { data: result.data, meta }
}

/** The same for app state (settings, key status, connection): the data alone. */
export async function askMarket<T>(call: () => Promise<Result<T>>): Promise<T> {
  return (await callMarket(call)).data
}
