import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import { Agent } from 'undici'
import type { z } from 'zod'
import type { Result } from '@shared/result'
import { err } from '@shared/result'
import { baseUrlProblem } from '@shared/settings'
import type {
  GrowthPayload,
  LandPricePayload,
  LocationsPayload,
  ResidentialPricePayload,
  Sector,
  TransactionType
} from '@shared/spec'
import {
  API_KEY_HEADER,
  envelopeSchema,
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema,
  SERVICE_PATHS
} from '@shared/spec'
import { cleanServiceMessage } from './errors'
import { cancelledResult, executeWithRetry } from './execute'
import { FlightGroup } from './flights'
import type { ServiceClientOptions } from './options'
import { resolveOptions } from './options'
import { createRedactor } from './redact'
import type { Redactor } from './redact'
import { abortableSleep } from './retry'
import type { WireParams } from './url'
import { joinUrl, requestIdentity, wireRequestAt } from './url'

export interface ResidentialPriceQuery {
  location: string
  countryCode: string
  type: TransactionType
  beds: string
}

export interface GrowthQuery {
  location: string
  countryCode: string
  sector: Sector
  type?: TransactionType | undefined
  beds?: string | undefined
}

export interface LandPriceQuery {
  location: string
  countryCode: string
}

export interface ServiceClient {
  listLocations(input: { sector: Sector }, signal?: AbortSignal): Promise<Result<LocationsPayload>>
  getResidentialPrice(
    input: ResidentialPriceQuery,
    signal?: AbortSignal
  ): Promise<Result<ResidentialPricePayload>>
  getGrowth(input: GrowthQuery, signal?: AbortSignal): Promise<Result<GrowthPayload>>
  getLandPrice(input: LandPriceQuery, signal?: AbortSignal): Promise<Result<LandPricePayload>>
  /** Cancels calls in flight, closes the connections the client opened. Later calls fail. */
  close(): Promise<void>
}

interface Operation<T> {
  path: string
  schema: z.ZodType<{ data: T }>
}

const OPERATIONS = {
  locations: { path: SERVICE_PATHS.locations, schema: envelopeSchema(LocationsPayloadSchema) },
  residentialPrice: {
    path: SERVICE_PATHS.residentialPrices,
    schema: envelopeSchema(ResidentialPricePayloadSchema)
  },
  growth: { path: SERVICE_PATHS.growth, schema: envelopeSchema(GrowthPayloadSchema) },
  landPrice: { path: SERVICE_PATHS.landPrices, schema: envelopeSchema(LandPricePayloadSchema) }
} satisfies Record<string, Operation<unknown>>

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
    return err(
      'NOT_CONFIGURED',
      'The API key could not be read from secure storage. Open Settings and enter the key again.'
    )
  }
  if (!key) {
    return err(
      'NOT_CONFIGURED',
      'No API key is set for the market data service. Open Settings and enter your API key.'
    )
  }
  return key
}

const unsendableKey = (): Result<never> =>
  err(
    'NOT_CONFIGURED',
    'The API key contains characters that cannot be sent (such as a line break). Open Settings and enter the key again.'
  )

function checkBaseUrl(baseUrl: string): Result<never> | undefined {
  if (!baseUrl.trim()) {
    return err(
      'NOT_CONFIGURED',
      'No service address is set. Open Settings and enter the base URL of the market data service.'
    )
  }
  const problem = baseUrlProblem(baseUrl.trim())
  if (problem) {
    return err(
      'NOT_CONFIGURED',
      `The base URL in Settings ${problem}. Open Settings and correct it.`
    )
  }
  return undefined
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const resolved = resolveOptions(options)
  const { timeouts } = resolved
  const ownsDispatcher = resolved.dispatcher === undefined
  const dispatcher =
    resolved.dispatcher ??
    new Agent({
      connect: { timeout: timeouts.connectMs },
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs
    })
  const deps = {
    options: resolved,
    dispatcher,
    limit: pLimit(resolved.concurrency),
    sleep: resolved.sleep ?? abortableSleep
  }
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
  const operationUrls = new Map<string, string>()
  const operationUrl = (path: string): string => {
    let url = operationUrls.get(path)
    if (url === undefined) {
      url = joinUrl(baseUrl, path).href
      operationUrls.set(path, url)
    }
    return url
  }

  async function run<T>(
    operation: Operation<T>,
    params: WireParams,
    signal: AbortSignal | undefined
  ): Promise<Result<T>> {
    if (closing) {
      return err('INTERNAL', 'The service connection has been closed. Try again in a moment.')
    }
    if (signal?.aborted) return cancelledResult()
    if (resolved.isOffline()) {
      return err(
        'OFFLINE',
        'Offline mode is on, so the service was not contacted. Turn off offline mode in Settings to fetch fresh data.'
      )
    }
    if (baseProblem) return baseProblem
    const key = readApiKey(resolved.getApiKey)
    if (typeof key !== 'string') return key
    const { sendable, redactor, fingerprint: keyFingerprint } = forKey(key)
    if (!sendable) return unsendableKey()
    const placement = resolved.parameterPlacement
    const wire = wireRequestAt(operationUrl(operation.path), params, placement)
    const headers: Record<string, string> = { accept: 'application/json', [API_KEY_HEADER]: key }
    if (wire.body !== undefined) headers['content-type'] = 'application/json'
    const call = { wire, headers, schema: operation.schema, redactor }
    const identity = `${requestIdentity(operation.path, params, placement)}#${keyFingerprint}`
    const start = async (flightSignal: AbortSignal): Promise<Result<T>> => {
      try {
        const result = await executeWithRetry(call, deps, flightSignal)
        // Only errors are redacted: data that held the key was refused in validate.ts.
        return result.ok ? result : { ok: false, error: redactor.deep(result.error) }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const reason = cleanServiceMessage(message, redactor) ?? ''
        return err(
          'INTERNAL',
          'Something went wrong in the app while contacting the service. Try again; if it keeps happening, report it.',
          { details: { reason } }
        )
      }
    }
    return flights.run(identity, start, signal, cancelledResult)
  }

  async function guarded<T>(
    operation: Operation<T>,
    params: WireParams,
    signal: AbortSignal | undefined
  ): Promise<Result<T>> {
    try {
      return await run(operation, params, signal)
    } catch {
      return err(
        'INTERNAL',
        'Something went wrong in the app before contacting the service. Try again; if it keeps happening, report it.'
      )
    }
  }

  return {
    listLocations: (input, signal) =>
      guarded(OPERATIONS.locations, { sector: input.sector }, signal),
    getResidentialPrice: (input, signal) =>
      guarded(
        OPERATIONS.residentialPrice,
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
      return guarded(OPERATIONS.growth, params, signal)
    },
    getLandPrice: (input, signal) =>
      guarded(
        OPERATIONS.landPrice,
        { location: input.location, country_code: input.countryCode },
        signal
      ),
    close: () => {
      closing ??= (async () => {
        flights.abortAll()
        if (ownsDispatcher) await dispatcher.close()
      })()
      return closing
    }
  }
}
