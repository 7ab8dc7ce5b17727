/**
 * Electron-free client for the Property Market Data Service (docs/service-contract.md): one HTTP
 * request per attempt with timeouts and a deadline, in-flight de-duplication, response validation
 * and size cap, and API key redaction. Every request goes through the service's quota guard
 * (../connection/quota-guard.ts). Every call answers a Result.
 */
export { createServiceClient, isSendableHeaderValue } from './client'
export type { ServiceClient } from './client'
export type { ParameterPlacement, ServiceClientOptions } from './options'
