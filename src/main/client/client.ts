import { createHash } from 'node:crypto'
import { Agent } from 'undici'
import type { z } from 'zod'
import type { Result } from '@shared/result'
import { failure } from '@shared/result'
import { ERRORS } from '@shared/errors/catalogue'
import { baseUrlProblem } from '@shared/settings'
import type { OperationRoute, RoutedOperation } from '@shared/settings'
import type { LookupParams, OperationOutput, ServiceOperation } from '@shared/operations'
import {
  API_KEY_HEADER,
  envelopeSchema,
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema,
  SERVICE_PATHS
} from '@shared/spec'
import { createQuotaGuard } from '../connection/quota-guard'
import type { QuotaGuard, Sender } from '../connection/quota-guard'
import { attemptOnce } from './attempt'
import type { PreparedCall } from './attempt'
import { cleanServiceMessage } from './errors'
import { FlightGroup } from './flights'
import type { ServiceClientOptions } from './options'
import { resolveOptions } from './options'
import { createRedactor } from './redact'
import type { Redactor } from './redact'
import type { WireParams } from './url'
import { routeUrl, wireRequestAt } from './url'

/** One call per operation the service answers, taking the operation's parsed input. */
export type ServiceClient = {
  [K in ServiceOperation]: (
    input: LookupParams<K>,
    signal?: AbortSignal
  ) => Promise<Result<OperationOutput<K>>>
} & {
  /** Cancels calls in flight, closes the connections the client opened. Later calls fail. */
  close(): Promise<void>
}

/** An HTTP route of the service, and the envelope its answer must match. */
interface Endpoint<T> {
  /** The operation it serves (its route may be configured: see ServiceClientOptions.routes). */
  operation: RoutedOperation
  /** The spec path, used when no route is configured for the operation. */
  path: string
  schema: z.ZodType<{ data: T }>
  /** The largest answer read, in bytes: what the schema's bounded fields can need, and room. */
  maxResponseBytes: number
}

/**
 * A price, growth or land answer: at most ~10 KB with every text field at its limit (TEXT_LIMITS)
 * and every character escaped; the rest is room for fields a service adds.
 */
const FIGURE_BYTES = 64 * 1024

/** The spec layout's paths (the defaults), each operation's answer schema and size cap. */
const ENDPOINTS = {
  locations: {
    operation: 'listLocations',
    path: SERVICE_PATHS.locations,
    schema: envelopeSchema(LocationsPayloadSchema),
    // ~150 bytes a location: ~50,000 neighbourhoods for one sector (a country-wide list).
    maxResponseBytes: 8 * 1024 * 1024
  },
  residentialPrice: {
    operation: 'getResidentialPrice',
    path: SERVICE_PATHS.residentialPrices,
    schema: envelopeSchema(ResidentialPricePayloadSchema),
    maxResponseBytes: FIGURE_BYTES
  },
  growth: {
    operation: 'getGrowth',
    path: SERVICE_PATHS.growth,
    schema: envelopeSchema(GrowthPayloadSchema),
    maxResponseBytes: FIGURE_BYTES
  },
  landPrice: {
    operation: 'getLandPrice',
    path: SERVICE_PATHS.landPrices,
    schema: envelopeSchema(LandPricePayloadSchema),
    maxResponseBytes: FIGURE_BYTES
  }
} satisfies Record<string, Endpoint<unknown>>

/** Header values must be visible ASCII (or space/tab): anything else cannot be sent safely. */
export function isSendableHeaderValue(value: string): boolean {
  return [...value].every((char) => {
    const code = char.charCodeAt(0)
    return code === 0x09 || (code >= 0x20 && code <= 0x7e)
  })
}

function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16)
}

function readApiKey(getApiKey: () => string | undefined): string | Result<never> {
  let key: string | undefined
  try {
    key = getApiKey()
  } catch {
    return failure(ERRORS.keyUnreadable())
  }
  return key || failure(ERRORS.noApiKey())
}

function checkBaseUrl(baseUrl: string): Result<never> | undefined {
  if (!baseUrl.trim()) return failure(ERRORS.noBaseUrl())
  const problem = baseUrlProblem(baseUrl.trim())
  return problem ? failure(ERRORS.badBaseUrl(problem)) : undefined
}

function cancelledResult(): Result<never> {
  return failure(ERRORS.cancelled())
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const resolved = resolveOptions(options)
  const { timeouts } = resolved
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
  const deps = { options: resolved, dispatcher }
  const flights = new FlightGroup()
  let closing: Promise<void> | undefined
  /** Per-key work done once, not per request (the key changes rarely). */
  let keyed: { key: string; sendable: boolean; redactor: Redactor; fingerprint: string } | undefined
  const forKey = (key: string) => {
    if (keyed?.key !== key) {
      const sendable = isSendableHeaderValue(key)
      keyed = { key, sendable, redactor: createRedactor(key), fingerprint: fingerprint(key) }
    }
    return keyed
  }
  // The base URL is fixed for the client's life: checked and joined to each path once.
  const baseUrl = resolved.baseUrl.trim()
  const baseProblem = checkBaseUrl(resolved.baseUrl)
  const endpointUrls = new Map<string, string>()
  const endpointUrl = (path: string): string => {
    let url = endpointUrls.get(path)
    if (url === undefined) {
      url = routeUrl(baseUrl, path).href
      endpointUrls.set(path, url)
    }
    return url
  }
  const routeOf = (endpoint: Endpoint<unknown>): OperationRoute =>
    resolved.routes()[endpoint.operation] ?? {
      path: endpoint.path,
      placement: resolved.parameterPlacement
    }

  /** Why a call cannot start at all, checked before anything else. */
  const refusal = (signal: AbortSignal | undefined): Result<never> | undefined => {
    if (closing) return failure(ERRORS.clientClosed())
    if (signal?.aborted) return cancelledResult()
    if (resolved.isOffline()) return failure(ERRORS.offline())
    return baseProblem
  }

  /** Not async: the flight's promise is handed back as is. */
  function run<T>(
    endpoint: Endpoint<T>,
    route: OperationRoute,
    params: WireParams,
    signal: AbortSignal | undefined
  ): Promise<Result<T>> {
    const refused = refusal(signal)
    if (refused) return Promise.resolve(refused)
    const key = readApiKey(resolved.getApiKey)
    if (typeof key !== 'string') return Promise.resolve(key)
    const { sendable, redactor, fingerprint: keyFingerprint } = forKey(key)
    if (!sendable) return Promise.resolve(failure(ERRORS.unsendableKey()))
    const placement = route.placement
    const wire = wireRequestAt(endpointUrl(route.path), params, placement)
    const headers: Record<string, string> = { accept: 'application/json', [API_KEY_HEADER]: key }
    if (wire.body !== undefined) headers['content-type'] = 'application/json'
    const maxResponseBytes = Math.min(endpoint.maxResponseBytes, resolved.maxResponseBytes)
    const call: PreparedCall<T> = {
      wire,
      headers,
      schema: endpoint.schema,
      redactor,
      placement,
      maxResponseBytes
    }
    const start = async (flightSignal: AbortSignal): Promise<Result<T>> => {
      try {
        return await guard.send(
          (attemptSignal, attempt) => attemptOnce(call, deps, attemptSignal, attempt),
          flightSignal
        )
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const reason = cleanServiceMessage(message, redactor) ?? ''
        return failure(ERRORS.failedContactingService(reason))
      }
    }
    return flights.run(`${wire.identity}#${keyFingerprint}`, start, signal, cancelledResult)
  }

  async function guarded<T>(
    endpoint: Endpoint<T>,
    params: WireParams,
    signal: AbortSignal | undefined
  ): Promise<Result<T>> {
    try {
      const route = routeOf(endpoint)
      const result = await run(endpoint, route, params, signal)
      if (result.ok || result.error.code !== 'UNSUPPORTED_ROUTE' || !resolved.rediscover) {
        return result
      }
      // The route is gone (or never was): find the operation once more and retry there once.
      const found = await resolved.rediscover(endpoint.operation, route, signal)
      const differs =
        found !== undefined && (found.path !== route.path || found.placement !== route.placement)
      return differs && !closing ? await run(endpoint, found, params, signal) : result
    } catch {
      return failure(ERRORS.failedBeforeContacting())
    }
  }

  return {
    listLocations: (input, signal) =>
      guarded(ENDPOINTS.locations, { sector: input.sector }, signal),
    getResidentialPrice: (input, signal) =>
      guarded(
        ENDPOINTS.residentialPrice,
        {
          location: input.location,
          country_code: input.countryCode,
          type: input.type,
          beds: input.beds
        },
        signal
      ),
    getGrowth: (input, signal) => {
      const params: WireParams = {
        location: input.location,
        country_code: input.countryCode,
        sector: input.sector
      }
      if (input.type !== undefined) params['type'] = input.type
      if (input.beds !== undefined) params['beds'] = input.beds
      return guarded(ENDPOINTS.growth, params, signal)
    },
    getLandPrice: (input, signal) =>
      guarded(
        ENDPOINTS.landPrice,
        { location: input.location, country_code: input.countryCode },
        signal
      ),
    close: () => {
      closing ??= (async () => {
        flights.abortAll()
        ownGuard?.close()
        if (ownsDispatcher) await dispatcher.close()
      })()
      return closing
    }
  }
}
