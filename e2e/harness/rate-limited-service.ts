/**
 * A service on 127.0.0.1 that answers every request 429 ("rate limited forever") with one form of
 * Retry-After, and counts every HTTP request it receives. `heal()` makes it forward to a real
 * embedded service from then on, so a journey can check that "Retry now" brings the figures back.
 */
import { json } from '../../test/support/client/fault-server'
import { startServiceBehindFaultServer } from '../../test/support/client/service-behind-fault-server'

/** The four forms of Retry-After the app must survive without hammering the service. */
export const RETRY_AFTER_FORMS = {
  zero: '0',
  'HTTP date in the past': 'Sat, 01 Jan 2000 00:00:00 GMT',
  'over 2^31-1 ms': '99999999999',
  absent: undefined
} as const satisfies Record<string, string | undefined>
export type RetryAfterForm = keyof typeof RETRY_AFTER_FORMS

export interface RateLimitedService {
  origin: string
  /** HTTP requests received so far (all of them: the app's retries included). */
  readonly requests: number
  heal(): void
  close(): Promise<void>
}

export async function startRateLimitedService(
  apiKey: string,
  form: RetryAfterForm
): Promise<RateLimitedService> {
  const { server, forward, close } = await startServiceBehindFaultServer(apiKey)
  const retryAfter = RETRY_AFTER_FORMS[form]
  server.setDefault(
    json(
      429,
      { success: false, message: 'Too many requests for this plan' },
      retryAfter === undefined ? {} : { 'retry-after': retryAfter }
    )
  )
  return {
    origin: server.origin,
    get requests() {
      return server.hits.length
    },
    heal: () => server.setDefault(forward),
    close
  }
}

export interface BrieflyLimitedService {
  origin: string
  /** HTTP requests received so far. */
  readonly requests: number
  /** The next `count` requests are answered 429 with `Retry-After: <seconds>`; later ones served. */
  limitNext(count: number, seconds: number): void
  close(): Promise<void>
}

/**
 * A service that serves every request (forwarded to a real embedded service) except those it was
 * told to limit: a Retry-After within the client's budget, waited out inside main (issue 19).
 */
export async function startBrieflyLimitedService(apiKey: string): Promise<BrieflyLimitedService> {
  const { server, close } = await startServiceBehindFaultServer(apiKey)
  return {
    origin: server.origin,
    get requests() {
      return server.hits.length
    },
    limitNext: (count, seconds) => {
      const limited = json(
        429,
        { success: false, message: 'Too many requests for this plan' },
        { 'retry-after': String(seconds) }
      )
      server.queue(...Array.from({ length: count }, () => limited))
    },
    close
  }
}
