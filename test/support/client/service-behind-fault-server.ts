/**
 * A fault server on 127.0.0.1 in front of a real embedded service (src/service): by default it
 * forwards every request there and relays the answer, so a test can make it misbehave at will.
 */
import { startService } from '../../../src/service'
import type { RunningService } from '../../../src/service'
import { startFaultServer } from './fault-server'
import type { Behaviour, FaultServer, Hit } from './fault-server'

/**
 * Forwards each request (path, query, API-KEY) to `service` and relays its answer, through
 * `rewrite` when given (the answer's text in, the text to send out).
 */
export function forwardTo(
  service: RunningService,
  rewrite: (hit: Hit, text: string) => string = (_hit, text) => text
): Behaviour {
  return (_req, res, hit) => {
    const apiKey = hit.headers['api-key']
    const query = hit.rawQuery ? `?${hit.rawQuery}` : ''
    fetch(`${service.baseUrl}${hit.path}${query}`, {
      headers: typeof apiKey === 'string' ? { 'api-key': apiKey } : {}
    })
      .then(async (answer) => {
        const body = rewrite(hit, await answer.text())
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json'
        })
        res.end(body)
      })
      .catch(() => res.destroy())
  }
}

export interface ServiceBehindFaultServer {
  server: FaultServer
  service: RunningService
  /** The default behaviour: forwardTo(service). */
  forward: Behaviour
  /** Closes the fault server, then the service. */
  close(): Promise<void>
}

export async function startServiceBehindFaultServer(
  apiKey: string
): Promise<ServiceBehindFaultServer> {
  const service = await startService({ apiKey })
  const server = await startFaultServer()
  const forward = forwardTo(service)
  server.setDefault(forward)
  return {
    server,
    service,
    forward,
    close: async () => {
      await server.close()
      await service.close()
    }
  }
}
