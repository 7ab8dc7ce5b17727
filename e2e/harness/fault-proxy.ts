/**
 * A fault-injecting service on 127.0.0.1 for the UI fault journeys: healthy, it forwards every
 * request to a real embedded service; with a fault set, it answers with that fault instead.
 */
import { faultBehaviours } from '../../test/support/client/fault-catalogue'
import type { FaultName } from '../../test/support/client/fault-catalogue'
import { startServiceBehindFaultServer } from '../../test/support/client/service-behind-fault-server'

export interface FaultProxy {
  origin: string
  apiKey: string
  /** Requests that reached the proxy so far. */
  readonly hits: number
  /** Answers every request with this fault from now on; undefined: healthy again. */
  setFault(name: FaultName | undefined): void
  close(): Promise<void>
}

/** Timeouts the faults are sized against (set in the app's settings by the spec). */
export const FAULT_TIMEOUTS = { connectMs: 1_000, headersMs: 1_500, bodyMs: 1_500 }

export async function startFaultProxy(apiKey: string): Promise<FaultProxy> {
  const { server, forward: healthy, close } = await startServiceBehindFaultServer(apiKey)
  const faults = faultBehaviours({
    delayMs: FAULT_TIMEOUTS.headersMs + 2_000,
    dripEveryMs: 300,
    healthy
  })
  return {
    origin: server.origin,
    apiKey,
    get hits() {
      return server.hits.length
    },
    setFault: (name) => server.setDefault(name ? faults[name] : healthy),
    close
  }
}
