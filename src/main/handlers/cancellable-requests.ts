/**
 * Single lookups the renderer named with a `requestId`: each runs with its own AbortSignal, which
 * `cancel(requestId)` aborts. The service client gives each caller its own way out of a shared
 * (de-duplicated) request, so cancelling one caller never ends another's. Ids live only while
 * their call is in flight.
 */
import { err } from '@shared/result'
import type { Result } from '@shared/result'

export interface CancellableRequests {
  /**
   * Runs `call` with a signal that `cancel(requestId)` aborts (no signal without an id). Registers
   * the id before its first await, so a cancel sent right after the request always finds it.
   */
  run<T>(
    requestId: string | undefined,
    call: (signal: AbortSignal | undefined) => Promise<Result<T>>
  ): Promise<Result<T>>
  /** True when a call with this id was in flight (it now answers CANCELLED). */
  cancel(requestId: string): boolean
}

export function createCancellableRequests(): CancellableRequests {
  const inFlight = new Map<string, AbortController>()
  return {
    async run(requestId, call) {
      if (requestId === undefined) return call(undefined)
      if (inFlight.has(requestId)) {
        return err(
          'INVALID_INPUT',
          `A request with id "${requestId}" is already running. Use a new id for each request.`
        )
      }
      const controller = new AbortController()
      inFlight.set(requestId, controller)
      try {
        return await call(controller.signal)
      } finally {
        inFlight.delete(requestId)
      }
    },
    cancel(requestId) {
      const controller = inFlight.get(requestId)
      if (!controller) return false
      inFlight.delete(requestId)
      controller.abort()
      return true
    }
  }
}
