/**
 * A service on 127.0.0.1 that answers with whatever text the test hands it: `/locations` returns
 * the given locations in the envelope, every other route a 400 whose message is the given text.
 */
import type { Location } from '@shared/spec'
import {
  dynamic,
  errorEnvelope,
  json,
  startFaultServer
} from '../../test/support/client/fault-server'

export interface HostileService {
  baseUrl: string
  /** What the next answers hold. */
  serve(next: { locations?: Location[]; errorMessage?: string }): void
  close(): Promise<void>
}

export async function startHostileService(): Promise<HostileService> {
  let locations: Location[] = []
  let errorMessage = 'refused'
  const server = await startFaultServer()
  server.setDefault(
    dynamic((hit) =>
      hit.path === '/locations'
        ? json(200, { success: true, message: 'ok', data: { sector: 'residential', locations } })
        : errorEnvelope(400, errorMessage)
    )
  )
  return {
    baseUrl: server.origin,
    serve(next) {
      if (next.locations) locations = next.locations
      if (next.errorMessage !== undefined) errorMessage = next.errorMessage
    },
    close: server.close
  }
}
