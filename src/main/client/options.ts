import type { Dispatcher } from 'undici'
import type { DataSource } from '@shared/result'
import type { OperationRoute, RoutedOperation, Timeouts } from '@shared/settings'
import { DEFAULT_SETTINGS } from '@shared/settings'

export type ParameterPlacement = 'query' | 'body' | 'both'

export interface RetryPolicy {
  /** Total attempts including the first one (1 = never retry). */
  maxAttempts: number
  /** Backoff cap for the first retry; doubles per retry (full jitter picks 0..cap). */
  baseDelayMs: number
  maxDelayMs: number
  /** Upper bound on the sum of all waits between attempts of one call. */
  maxTotalWaitMs: number
}

export type LogFields = Record<string, unknown>

export interface ServiceClientLogger {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
}

/**
 * A wait before the next attempt of a call: the Retry-After of a 429 (`rate-limited`), or the
 * backoff after a network error, a timeout or a gateway answer (`retry`).
 */
export interface RetryWait {
  reason: 'rate-limited' | 'retry'
  delayMs: number
  /** The attempt that runs after the wait (2 = the first retry). */
  nextAttempt: number
  maxAttempts: number
}

/** Told of every wait of a call before it starts (it must not throw; if it does, it is ignored). */
export type OnRetryWait = (wait: RetryWait) => void

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface ServiceClientOptions {
  /** Operation paths are joined onto it: `https://x/api/v1` + `growth` → `https://x/api/v1/growth`. */
  baseUrl: string
  /** Read at request time; undefined or empty → NOT_CONFIGURED without touching the network. */
  getApiKey: () => string | undefined
  /** Reported in the meta of every successful Result. */
  source: DataSource
  /** Where the parameters go. Default `query`; `body` sends a JSON body on GET. */
  parameterPlacement?: ParameterPlacement
  /**
   * Where each operation lives, read at every call (so a rediscovered route is used at once).
   * An operation missing here uses its spec path at the base URL with `parameterPlacement`.
   */
  routes?: () => Partial<Record<RoutedOperation, OperationRoute>>
  /**
   * Called when an operation's route answers UNSUPPORTED_ROUTE: finds where the operation lives
   * now (discovery of that one operation). A route it gives that differs from the one tried is
   * used for one more attempt; undefined reports the error.
   */
  rediscover?: (
    operation: RoutedOperation,
    tried: OperationRoute,
    signal: AbortSignal | undefined
  ) => Promise<OperationRoute | undefined>
  /** Default: the app's default settings (5 s connect, 15 s headers, 15 s between body chunks). */
  timeouts?: Timeouts
  retry?: RetryPolicy
  /** Maximum HTTP requests in flight at once. Default 6. */
  concurrency?: number
  /** Largest response body accepted, in bytes. Default 8 MiB (see DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number
  /** When true, every call answers OFFLINE at once without any network access. */
  isOffline?: () => boolean
  /** Receives one line per HTTP attempt; never receives the API key. */
  logger?: ServiceClientLogger
  /**
   * Custom dispatcher (tests, proxies). The client does not close it, and the connect timeout
   * only applies to the agent the client creates itself (headers/body timeouts apply always).
   */
  dispatcher?: Dispatcher
  now?: () => Date
  sleep?: Sleep
  random?: () => number
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxTotalWaitMs: 15_000
}

export const DEFAULT_CONCURRENCY = 6

/**
 * 8 MiB. The locations list is the only large answer: a location is ~150 bytes of JSON, so this
 * allows ~50,000 neighbourhoods for one sector (a country-wide list) while still bounding memory
 * use, and a wrong base URL that streams a huge file is cut off quickly.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024

export interface ResolvedOptions {
  baseUrl: string
  getApiKey: () => string | undefined
  source: DataSource
  parameterPlacement: ParameterPlacement
  routes: () => Partial<Record<RoutedOperation, OperationRoute>>
  rediscover: ServiceClientOptions['rediscover']
  timeouts: Timeouts
  retry: RetryPolicy
  concurrency: number
  maxResponseBytes: number
  isOffline: () => boolean
  logger: ServiceClientLogger | undefined
  dispatcher: Dispatcher | undefined
  now: () => Date
  sleep: Sleep | undefined
  random: () => number
}

function requireNumber(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`ServiceClient option ${name} must be a number >= ${min}, got ${value}`)
  }
  return value
}

/** Fills defaults and rejects nonsense numbers (a programming error, so it throws). */
export function resolveOptions(options: ServiceClientOptions): ResolvedOptions {
  const timeouts = options.timeouts ?? DEFAULT_SETTINGS.timeouts
  const retry = options.retry ?? DEFAULT_RETRY
  requireNumber('timeouts.connectMs', timeouts.connectMs, 1)
  requireNumber('timeouts.headersMs', timeouts.headersMs, 1)
  requireNumber('timeouts.bodyMs', timeouts.bodyMs, 1)
  requireNumber('retry.maxAttempts', retry.maxAttempts, 1)
  requireNumber('retry.baseDelayMs', retry.baseDelayMs, 0)
  requireNumber('retry.maxDelayMs', retry.maxDelayMs, 0)
  requireNumber('retry.maxTotalWaitMs', retry.maxTotalWaitMs, 0)
  return {
    baseUrl: options.baseUrl,
    getApiKey: options.getApiKey,
    source: options.source,
    parameterPlacement: options.parameterPlacement ?? 'query',
    routes: options.routes ?? (() => ({})),
    rediscover: options.rediscover,
    timeouts: { ...timeouts },
    retry: { ...retry, maxAttempts: Math.floor(retry.maxAttempts) },
    concurrency: Math.floor(
      requireNumber('concurrency', options.concurrency ?? DEFAULT_CONCURRENCY, 1)
    ),
    maxResponseBytes: requireNumber(
      'maxResponseBytes',
      options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      1
    ),
    isOffline: options.isOffline ?? (() => false),
    logger: options.logger,
    dispatcher: options.dispatcher,
    now: options.now ?? (() => new Date()),
    sleep: options.sleep,
    random: options.random ?? Math.random
  }
}
