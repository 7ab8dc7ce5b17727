/**
 * A fault-injecting service on 127.0.0.1 for the UI fault journeys: healthy, it forwards every
 * request to a real embedded service; with a fault set, it answers with that fault instead.
 */
import type { ServerResponse } from 'node:http'
import { startService } from '../../src/service'
import type { RunningService } from '../../src/service'
import { startFaultServer } from '../../test/support/client/fault-server'
import { FAULT_NAMES, faultBehaviours } from '../../test/support/client/fault-catalogue'
import type { FaultName } from '../../test/support/client/fault-catalogue'
import type { Behaviour, FaultServer, Hit } from '../../test/support/client/fault-server'

export interface FaultProxy {
  origin: string
  apiKey: string
  /** Requests that reached the proxy so far. */
  readonly hits: number
  /** Answers every request with this fault from now on; undefined: healthy again. */
  setFault(name: UiFaultName | undefined): void
  close(): Promise<void>
}

/** Timeouts the faults are sized against (set in the app's settings by the spec). */
export const FAULT_TIMEOUTS = { connectMs: 1_000, headersMs: 1_500, bodyMs: 1_500 }

export const UI_FAULT_NAMES = FAULT_NAMES
export type UiFaultName = FaultName

/** Forwards each request to a real service and relays its answer. */
export function forwardTo(service: RunningService): Behaviour {
  return (_req, res: ServerResponse, hit: Hit) => {
    const apiKey = hit.headers['api-key']
    const query = hit.rawQuery ? `?${hit.rawQuery}` : ''
    fetch(`${service.baseUrl}${hit.path}${query}`, {
      headers: typeof apiKey === 'string' ? { 'api-key': apiKey } : {}
    })
      .then(async (answer) => {
        const body = await answer.text()
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json'
        })
        res.end(body)
      })
      .catch(() => res.destroy())
  }
}

export async function startFaultProxy(apiKey: string): Promise<FaultProxy> {
  const service = await startService({ apiKey })
  const server: FaultServer = await startFaultServer()
  const healthy = forwardTo(service)
  const faults = faultBehaviours({
    delayMs: FAULT_TIMEOUTS.headersMs + 2_000,
    dripEveryMs: 300,
    healthy
  })
  server.setDefault(healthy)
  return {
    origin: server.origin,
    apiKey,
    get hits() {
      return server.hits.length
    },
    setFault: (name) => server.setDefault(name ? faults[name] : healthy),
    close: async () => {
      await server.close()
      await service.close()
    }
  }
}
