import { afterEach, beforeEach } from 'vitest'
import type { LogFields, ServiceClientOptions } from '../../../src/main/client/options'
import { createServiceClient } from '../../../src/main/client/client'
import type { ServiceClient } from '../../../src/main/client/client'
import type { FaultServer } from './fault-server'
import { startFaultServer } from './fault-server'

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

export interface LogLine {
  level: 'info' | 'warn'
  message: string
  fields: LogFields | undefined
}

export interface TestClient {
  client: ServiceClient
  logs: LogLine[]
  sleeps: number[]
}

/** A client with instant, recorded sleeps and a fixed clock and jitter (random = 0.5). */
export function makeClient(
  baseUrl: string,
  overrides: Partial<ServiceClientOptions> = {}
): TestClient {
  const logs: LogLine[] = []
  const sleeps: number[] = []
  const client = createServiceClient({
    baseUrl,
    getApiKey: () => TEST_KEY,
    source: 'remote',
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxTotalWaitMs: 5_000 },
    now: () => FIXED_NOW,
    random: () => 0.5,
    sleep: (ms) => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    logger: {
      info: (message, fields) => logs.push({ level: 'info', message, fields }),
      warn: (message, fields) => logs.push({ level: 'warn', message, fields })
    },
    ...overrides
  })
  return { client, logs, sleeps }
}

/** Starts a fault server per test and closes it (and every client made) afterwards. */
export function useFaultServer(): {
  server: () => FaultServer
  client: (overrides?: Partial<ServiceClientOptions>, basePath?: string) => TestClient
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
