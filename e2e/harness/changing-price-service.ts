/**
 * A service on 127.0.0.1 whose residential prices change when the test says so: it forwards to a
 * real embedded service and multiplies every `data.price` of /residential-prices by `factor`.
 * The observed-history journey visits, changes the factor, and visits again.
 */
import type { ServerResponse } from 'node:http'
import { startService } from '../../src/service'
import { startFaultServer } from '../../test/support/client/fault-server'
import type { Hit } from '../../test/support/client/fault-server'
import { forwardTo } from './fault-proxy'

export interface ChangingPriceService {
  origin: string
  /** Prices from now on are the real ones × factor (rounded). */
  setFactor(factor: number): void
  close(): Promise<void>
}

export async function startChangingPriceService(apiKey: string): Promise<ChangingPriceService> {
  const real = await startService({ apiKey })
  const server = await startFaultServer()
  const forward = forwardTo(real)
  let factor = 1
  server.setDefault((req, res: ServerResponse, hit: Hit) => {
    if (!hit.path.endsWith('/residential-prices') || factor === 1) return forward(req, res, hit)
    const apiKeyHeader = hit.headers['api-key']
    fetch(`${real.baseUrl}${hit.path}?${hit.rawQuery}`, {
      headers: typeof apiKeyHeader === 'string' ? { 'api-key': apiKeyHeader } : {}
    })
      .then(async (answer) => {
        const body = (await answer.json()) as { data?: { price?: number } }
        if (answer.ok && typeof body.data?.price === 'number') {
          body.data.price = Math.round(body.data.price * factor)
        }
        const text = JSON.stringify(body)
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text)
        })
        res.end(text)
      })
      .catch(() => res.destroy())
  })
  return {
    origin: server.origin,
    setFactor: (next) => {
      factor = next
    },
    close: async () => {
      await server.close()
      await real.close()
    }
  }
}
