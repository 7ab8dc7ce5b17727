import type { BatchLookupOutput, MarketApi } from '@shared/contract'
import type { AppError, Result } from '@shared/result'
import { rateLimitedErrorOf } from './rate-limit-gate'
import type { RateLimitGate } from './rate-limit-gate'

/** The operations that reach the service (settings, key and status calls never do). */
const SINGLE_CALLS = ['listLocations', 'getResidentialPrice', 'getGrowth', 'getLandPrice'] as const

function batchRateLimitedErrors(result: Result<BatchLookupOutput>): AppError[] {
  if (!result.ok) return rateLimitedErrorOf(result)
  return result.data.results.flatMap((item: Result<unknown>) => rateLimitedErrorOf(item))
}

/** Settings whose change means another service (or none) answers from now on. */
const CONNECTION_SETTINGS = ['connectionMode', 'baseUrl', 'parameterPlacement', 'offlineMode']

function changesConnection(input: unknown): boolean {
  return (
    typeof input === 'object' &&
    input !== null &&
    CONNECTION_SETTINGS.some((field) => field in input)
  )
}

/**
 * `market` with every service call routed through `gate`. Extra arguments are passed on as they
 * are. A connection test is the user's explicit request and is not held back. Once the connection
 * settings or the API key change, the gate forgets the old service's rate limit.
 */
export function withRateLimitGate(market: MarketApi, gate: RateLimitGate): MarketApi {
  const gated: MarketApi = { ...market }
  for (const operation of SINGLE_CALLS) {
    const call = market[operation] as (...args: unknown[]) => Promise<Result<unknown>>
    Object.assign(gated, {
      [operation]: (...args: unknown[]) =>
        gate.run(() => call.apply(market, args), rateLimitedErrorOf)
    })
  }
  const batch = market.batchLookup as (...args: unknown[]) => Promise<Result<BatchLookupOutput>>
  Object.assign(gated, {
    batchLookup: (...args: unknown[]) =>
      gate.run(() => batch.apply(market, args), batchRateLimitedErrors)
  })
  const resetAfter =
    <T>(call: (...args: unknown[]) => Promise<Result<T>>, when: (args: unknown[]) => boolean) =>
    async (...args: unknown[]): Promise<Result<T>> => {
      const result = await call.apply(market, args)
      if (result.ok && when(args)) gate.reset()
      return result
    }
  const always = () => true
  Object.assign(gated, {
    updateSettings: resetAfter(market.updateSettings as never, (args) =>
      changesConnection(args[0])
    ),
    setApiKey: resetAfter(market.setApiKey as never, always),
    clearApiKey: resetAfter(market.clearApiKey as never, always)
  })
  return gated
}
