/**
 * Electron-free client for the Property Market Data Service (docs/service-contract.md):
 * timeouts, retries with backoff and Retry-After, in-flight de-duplication, a concurrency limit,
 * response validation and size cap, and API key redaction. Every call answers a Result.
 */
export { createServiceClient, isSendableHeaderValue } from './client'
export type { ServiceClient } from './client'
export { DEFAULT_CONCURRENCY, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_RETRY } from './options'
export type {
  LogFields,
  OnRetryWait,
  ParameterPlacement,
  RetryWait,
  RetryPolicy,
  ServiceClientLogger,
  ServiceClientOptions,
  Sleep
} from './options'
export { REDACTED } from './redact'
