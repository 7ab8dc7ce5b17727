/**
 * A service on 127.0.0.1 that answers with whatever text the test hands it: `/locations` returns
 * the given locations in the envelope, every other route a 400 whose message is the given text.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Location } from '@shared/spec'

export interface HostileService {
  baseUrl: string
  /** What the next answers hold. */
  serve(next: { locations?: Location[]; errorMessage?: string }): void
  close(): Promise<void>
}

export async function startHostileService(): Promise<HostileService> {
  let locations: Location[] = []
  let errorMessage = 'refused'
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const ok = path === '/locations'
    const body = ok
      ? { success: true, message: 'ok', data: { sector: 'residential', locations } }
      : { success: false, message: errorMessage }
    response.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    serve(next) {
      if (next.locations) locations = next.locations
      if (next.errorMessage !== undefined) errorMessage = next.errorMessage
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
