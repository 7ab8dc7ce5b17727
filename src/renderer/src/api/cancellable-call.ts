import type { MarketApi } from '@shared/operations'
import { err } from '@shared/result'
import type { Result } from '@shared/result'

/** Random per page load, so ids stay unique across reloads that share a main process. */
const SESSION = Array.from(crypto.getRandomValues(new Uint32Array(2)), (part) =>
  part.toString(36)
).join('')
let sequence = 0

/** A request id main accepts (RequestIdSchema: 1-64 of A-Z a-z 0-9 - _). */
export function newRequestId(): string {
  sequence += 1
  return `r-${SESSION}-${sequence.toString(36)}`
}

/**
 * Runs a single lookup under a fresh request id and, if `signal` aborts first (TanStack Query
 * aborts it when the screen that asked goes away), tells main to cancel that lookup. Main answers
 * the cancelled call with CANCELLED; other callers of the same lookup are not affected.
 */
export async function callCancellable<T>(
  market: MarketApi,
  signal: AbortSignal | undefined,
  call: (requestId: string | undefined) => Promise<Result<T>>
): Promise<Result<T>> {
  if (!signal) return call(undefined)
  if (signal.aborted) return err('CANCELLED', 'The request was cancelled before it was sent.')
  const requestId = newRequestId()
  const cancel = (): void => {
    market.cancelRequest({ requestId }).catch(() => undefined)
  }
  signal.addEventListener('abort', cancel, { once: true })
  try {
    return await call(requestId)
  } finally {
    signal.removeEventListener('abort', cancel)
  }
}
