/**
 * Electron-free client for the Property Market Data Service (docs/service-contract.md): one HTTP
 * request per attempt (./attempt.ts), identical calls in flight shared, every request sent through
 * the service's quota guard (../connection/quota-guard.ts). Every call answers a Result.
 */
import { createHash } from 'node:crypto'
import { Agent } from 'undici'
import type { z } from 'zod'
import type { Result } from '@shared/result'
import { failure } from '@shared/result'
import { ERRORS } from '@shared/errors/catalogue'
import { OPERATIONS } from '@shared/operations'
import type { OperationOutput, ParsedInput } from '@shared/operations'
import { baseUrlProblem, DEFAULT_SETTINGS, ROUTED_OPERATIONS, specLayout } from '@shared/settings'
import type { OperationRoute, RoutedOperation } from '@shared/settings'
import {
  API_KEY_HEADER,
  envelopeSchema,
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema
} from '@shared/spec'
import { createQuotaGuard } from '../connection/quota-guard'
import type { QuotaGuard, Sender } from '../connection/quota-guard'
import { attemptOnce } from './attempt'
import type { AttemptDeps, PreparedCall } from './attempt'
import { cleanServiceMessage } from './errors'
import type { ServiceClientOptions } from './options'
import { createRedactor } from './redact'
import type { Redactor } from './redact'
import type { WireParams } from './url'
import { routeUrl, wireRequest } from './url'

/** One call per operation the service answers, taking the operation's parsed input. */
export type ServiceClient = {
  [K in RoutedOperation]: (
    input: ParsedInput<K>,
    signal?: AbortSignal
  ) => Promise<Result<OperationOutput<K>>>
} & {
  /** Cancels calls in flight, closes the connections the client opened. Later calls fail. */
  close(): Promise<void>
}

/**
 * An operation's answer schema and the largest answer read. By default a price, growth or land
 * answer's: at most ~10 KB with every text field at its limit (TEXT_LIMITS) and every character
 * escaped; the rest is room for fields a service adds.
 */
const endpoint = <T>(payload: z.ZodType<T>, maxResponseBytes = 64 * 1024) => ({
  schema: envelopeSchema(payload),
  maxResponseBytes
})

/**
 * Each operation's answer schema and the largest answer read, in bytes: what the schema's bounded
 * fields can need, and room.
 */
const ENDPOINTS: {
  [K in RoutedOperation]: {
    schema: z.ZodType<{ data: OperationOutput<K> }>
    maxResponseBytes: number
  }
} = {
  // ~150 bytes a location: ~50,000 neighbourhoods for one sector (a country-wide list).
  listLocations: endpoint(LocationsPayloadSchema, 8 * 1024 * 1024),
  getResidentialPrice: endpoint(ResidentialPricePayloadSchema),
  getGrowth: endpoint(GrowthPayloadSchema),
  getLandPrice: endpoint(LandPricePayloadSchema)
}

/** Where each operation lives when no route is configured for it (the spec's paths). */
export const SPEC_ROUTES = specLayout().routes

/**
 * The operation's own parameters (its input schema's fields, in their order), by the spec's names
 * on the wire (`countryCode` → `country_code`); absent optionals are not sent.
 */
function wireParams(operation: RoutedOperation, input: object): WireParams {
  const params: WireParams = {}
  for (const name of Object.keys(OPERATIONS[operation].input.shape)) {
    const value = (input as Record<string, unknown>)[name]
    if (typeof value === 'string') params[name === 'countryCode' ? 'country_code' : name] = value
  }
  return params
}

/** Header values must be visible ASCII (or space/tab): anything else cannot be sent safely. */
export function isSendableHeaderValue(value: string): boolean {
  return /^[\t\x20-\x7e]*$/.test(value)
}

/** The key to send, or why there is none that can be sent. */
function readApiKey(getApiKey: () => string | undefined): string | Result<never> {
  let key: string | undefined
  try {
    key = getApiKey()
  } catch {
    return failure(ERRORS.keyUnreadable())
  }
  if (!key) return failure(ERRORS.noApiKey())
  return isSendableHeaderValue(key) ? key : failure(ERRORS.unsendableKey())
}

const cancelled = (): Result<never> => failure(ERRORS.cancelled())

/** Calls with the same identity in flight at once: one request, left by each caller on its own. */
interface Flight {
  result: Promise<Result<unknown>>
  controller: AbortController
  callers: number
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  // Bounded where they are set (the settings schema).
  const timeouts = options.timeouts ?? DEFAULT_SETTINGS.timeouts
  const { getApiKey, rediscover, isOffline, routes } = options
  const ownsDispatcher = options.dispatcher === undefined
  const dispatcher =
    options.dispatcher ??
    new Agent({
      connect: { timeout: timeouts.connectMs },
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs
    })
  let ownGuard: QuotaGuard | undefined
  const guard: Sender = options.guard ?? (ownGuard = createQuotaGuard())
  const deps: AttemptDeps = {
    dispatcher,
    timeouts,
    source: options.source,
    now: options.now ?? (() => new Date()),
    logger: options.logger
  }
  const flights = new Map<string, Flight>()
  let closing: Promise<void> | undefined
  /**
   * The key's redactor (its patterns take a while to build) and the hash that tells flights of
   * different keys apart (the key itself is kept out of ids), made again only for a new key.
   */
  let keyed: { key: string; redactor: Redactor; fingerprint: string } | undefined
  const forKey = (key: string): NonNullable<typeof keyed> =>
    keyed?.key === key
      ? keyed
      : (keyed = {
          key,
          redactor: createRedactor(key),
          fingerprint: createHash('sha256').update(key).digest('hex').slice(0, 16)
        })
  const baseUrl = options.baseUrl.trim()
  const baseProblem = baseUrl ? baseUrlProblem(baseUrl) : undefined

  /** Why a call cannot start at all, checked before anything else. */
  const refusal = (signal: AbortSignal | undefined): Result<never> | undefined => {
    if (closing) return failure(ERRORS.clientClosed())
    if (signal?.aborted) return cancelled()
    if (isOffline?.()) return failure(ERRORS.offline())
    if (!baseUrl) return failure(ERRORS.noBaseUrl())
    return baseProblem ? failure(ERRORS.badBaseUrl(baseProblem)) : undefined
  }

  /** Joins the flight of `identity` (starting it if need be); aborted once every caller left. */
  function share(
    identity: string,
    start: (signal: AbortSignal) => Promise<Result<unknown>>,
    signal: AbortSignal | undefined
  ): Promise<Result<unknown>> {
    let flight = flights.get(identity)
    if (!flight) {
      // Started without a signal, the flight keeps a caller until it is answered: only close()
      // can end it.
      const controller = new AbortController()
      const started: Flight = { result: start(controller.signal), controller, callers: 0 }
      void started.result.finally(() => {
        if (flights.get(identity) === started) flights.delete(identity)
      })
      flights.set(identity, (flight = started))
    }
    const joined = flight
    joined.callers += 1
    if (!signal) return joined.result
    return new Promise((resolve) => {
      const leave = (): void => {
        joined.callers -= 1
        if (joined.callers === 0) {
          if (flights.get(identity) === joined) flights.delete(identity)
          joined.controller.abort()
        }
        resolve(cancelled())
      }
      signal.addEventListener('abort', leave, { once: true })
      void joined.result.then((value) => {
        signal.removeEventListener('abort', leave)
        resolve(value)
      })
    })
  }

  /** Not async: a shared flight's promise is handed back as is. */
  function run(
    operation: RoutedOperation,
    route: OperationRoute,
    params: WireParams,
    signal: AbortSignal | undefined
  ): Promise<Result<unknown>> {
    const refused = refusal(signal)
    if (refused) return Promise.resolve(refused)
    const key = readApiKey(getApiKey)
    if (typeof key !== 'string') return Promise.resolve(key)
    const { redactor, fingerprint } = forKey(key)
    const { placement } = route
    const endpoint: PreparedCall<unknown>['endpoint'] = ENDPOINTS[operation]
    const url = routeUrl(baseUrl, route.path)
    const wire = wireRequest(url.href, params, placement)
    const where = { host: url.host, path: url.pathname }
    const headers: Record<string, string> = { accept: 'application/json', [API_KEY_HEADER]: key }
    if (wire.body !== undefined) headers['content-type'] = 'application/json'
    const call = { endpoint, wire, where, headers, redactor, placement }
    const start = async (flightSignal: AbortSignal): Promise<Result<unknown>> => {
      try {
        return await guard.send(
          (attemptSignal, attempt) => attemptOnce(call, deps, attemptSignal, attempt),
          flightSignal
        )
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        return failure(ERRORS.failedContactingService(cleanServiceMessage(message, redactor) ?? ''))
      }
    }
    // Calls share a flight only with the same key.
    return share(`${wire.identity}#${fingerprint}`, start, signal)
  }

  async function call(
    operation: RoutedOperation,
    input: object,
    signal: AbortSignal | undefined
  ): Promise<Result<unknown>> {
    const wire = wireParams(operation, input)
    try {
      const route = routes?.()[operation] ?? {
        path: SPEC_ROUTES[operation].path,
        placement: options.parameterPlacement ?? 'query'
      }
      const result = await run(operation, route, wire, signal)
      if (result.ok || result.error.code !== 'UNSUPPORTED_ROUTE' || !rediscover) return result
      // The route is gone (or never was): find the operation once more and retry there once.
      const found = await rediscover(operation, route, signal)
      const differs =
        found !== undefined && (found.path !== route.path || found.placement !== route.placement)
      return differs && !closing ? await run(operation, found, wire, signal) : result
    } catch {
      return failure(ERRORS.failedContactingService())
    }
  }

  const calls = Object.fromEntries(
    ROUTED_OPERATIONS.map((operation) => [
      operation,
      (input: object, signal?: AbortSignal) => call(operation, input, signal)
    ])
  ) as Omit<ServiceClient, 'close'>
  return {
    ...calls,
    close: () => {
      closing ??= (async () => {
        for (const flight of flights.values()) flight.controller.abort()
        flights.clear()
        ownGuard?.close()
        if (ownsDispatcher) await dispatcher.close()
      })()
      return closing
    }
  }
}
