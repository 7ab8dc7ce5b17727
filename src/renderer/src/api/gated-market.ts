import type { BatchLookupOutput, MarketApi } from '../../../shared/contract'
import type { AppError, Result } from '../../../shared/result'
import { rateLimitedErrorOf } from './rate-limit-gate'
import type { RateLimitGate } from './rate-limit-gate'

/** The operations that reach the service (settings, key and status calls never do). */
const SINGLE_CALLS = ['listLocations', 'getResidentialPrice', 'getGrowth', 'getLandPrice'] as const

function batchRateLimitedErrors(result: Result<BatchLookupOutput>): AppError[] {
  if (!result.ok) return rateLimitedErrorOf(result)
  return result.data.results.flatMap((item: Result<unknown>) => rateLimitedErrorOf(item))
}

/**
 * `market` with every service call routed through `gate`. Extra arguments are passed on as they
 * are. A connection test is the user's explicit request and is not held back.
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
  return gated
}
