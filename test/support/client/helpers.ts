import { afterEach, beforeEach } from 'vitest'
import type { ServiceClientOptions } from '../../../src/main/client/options'
import { createServiceClient } from '../../../src/main/client/client'
import type { ServiceClient } from '../../../src/main/client/client'
import { createQuotaGuard } from '../../../src/main/connection/quota-guard'
import type { QuotaGuard, QuotaGuardOptions } from '../../../src/main/connection/quota-guard'
import type { FaultServer } from './fault-server'
import { startFaultServer } from './fault-server'
import { capturingLogger } from '../logging/capturing-logger'
import type { LogLine } from '../logging/capturing-logger'

export const TEST_KEY = 'sk-live-Zq8SECRETvalue42'

export const LOCATIONS = {
  sector: 'residential',
  locations: [
    {
      name: 'Lekki Phase 1',
      slug: 'lekki-phase-1',
      city: 'Lagos',
      country: 'Nigeria',
      country_code: 'NG'
    }
  ]
}

export const PRICE = {
  price: 5_000_000,
  beds: '3',
  location: 'lekki-phase-1',
  country_code: 'NG',
  currency: 'NGN'
}

export const FIXED_NOW = new Date('2025-03-01T12:00:00.000Z')

/**
 * Waits that take no real time: each sleep is recorded and moves a virtual monotonic clock on by
 * its length (nothing else moves it), so a hold or a pause is over as soon as it is waited out.
 */
export function instantWaits(): Required<Pick<QuotaGuardOptions, 'now' | 'sleep'>> & {
  sleeps: number[]
} {
  const sleeps: number[] = []
  let skipped = 0
  return {
    sleeps,
    now: () => skipped,
    sleep: (ms) => {
      sleeps.push(ms)
      skipped += ms
      return Promise.resolve()
    }
  }
}

export interface TestClient {
  client: ServiceClient
  guard: QuotaGuard
  logs: LogLine[]
  /** Every wait the guard made (instant: see instantWaits). */
  sleeps: number[]
}

export interface TestClientOptions extends Partial<ServiceClientOptions> {
  /** Requests in flight at once (the guard's). */
  concurrency?: number
}

/** A client with instant, recorded waits, a fixed clock and fixed jitter (random = 0.5). */
export function makeClient(baseUrl: string, overrides: TestClientOptions = {}): TestClient {
  const logs: LogLine[] = []
  const { concurrency, ...clientOverrides } = overrides
  const waits = instantWaits()
  const guard = createQuotaGuard({
    concurrency: concurrency ?? 6,
    now: waits.now,
    sleep: waits.sleep,
    random: () => 0.5
  })
  const client = createServiceClient({
    baseUrl,
    getApiKey: () => TEST_KEY,
    source: 'remote',
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
    now: () => FIXED_NOW,
    guard,
    logger: capturingLogger(logs),
    ...clientOverrides
  })
  const close = client.close
  client.close = () => {
    guard.close()
    return close()
  }
  return { client, guard, logs, sleeps: waits.sleeps }
}

/** Starts a fault server per test and closes it (and every client made) afterwards. */
export function useFaultServer(): {
  server: () => FaultServer
  client: (overrides?: TestClientOptions, basePath?: string) => TestClient
} {
  let current: FaultServer | undefined
  const clients: ServiceClient[] = []
  beforeEach(async () => {
    current = await startFaultServer()
  })
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await current?.close()
  })
  const server = (): FaultServer => {
    if (!current) throw new Error('fault server not started')
    return current
  }
  return {
    server,
    client: (overrides = {}, basePath = '/api/v1') => {
      const made = makeClient(`${server().origin}${basePath}`, overrides)
      clients.push(made.client)
      return made
    }
  }
}
