/**
 * A proxy on 127.0.0.1 that holds every request for a round-trip time (mean ± uniform jitter)
 * before forwarding it to a real service and relaying the answer: a far-away service, on loopback.
 */
import { createServer } from 'node:http'
import { Agent, request } from 'undici'
import { listenOnLoopback } from '../../test/support/net/loopback'

export interface DelayProxy {
  origin: string
  /** Requests forwarded so far. */
  readonly requests: number
  close(): Promise<void>
}

export async function startDelayProxy(
  upstream: string,
  rttMs: number,
  jitterMs: number,
  random: () => number = Math.random
): Promise<DelayProxy> {
  const agent = new Agent({ connections: 64 })
  let requests = 0
  const server = createServer((incoming, outgoing) => {
    requests += 1
    const delay = rttMs + (random() * 2 - 1) * jitterMs
    setTimeout(() => {
      const headers: Record<string, string> = {}
      for (const name of ['api-key', 'accept', 'content-type']) {
        const value = incoming.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      request(`${upstream}${incoming.url ?? '/'}`, { dispatcher: agent, headers })
        .then(async (answer) => {
          const body = await answer.body.text()
          const type = answer.headers['content-type']
          outgoing.writeHead(answer.statusCode, {
            'content-type': typeof type === 'string' ? type : 'application/json'
          })
          outgoing.end(body)
        })
        .catch(() => {
          outgoing.writeHead(502)
          outgoing.end()
        })
    }, delay)
  })
  const listening = await listenOnLoopback(server)
  return {
    origin: listening.origin,
    get requests() {
      return requests
    },
    close: async () => {
      await listening.close()
      await agent.close()
    }
  }
}
