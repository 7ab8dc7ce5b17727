/**
 * A service that answers every request with a 400 after `delayMs` (issue 28 finding 2): route
 * discovery reads a 400 as "wrong placement" and moves on to its next candidate. With `locations`,
 * `/locations` answers one location at once instead. It records each request and whether the
 * client hung up before the answer was sent.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Slow400Server {
  baseUrl: string
  /** How long each 400 takes (may be changed between tests). */
  delayMs: number
  hits: Array<{ path: string; abandoned: boolean }>
  /** Called as each request arrives. */
  onRequest?: () => void
  close(): Promise<void>
}

const LOCATIONS = {
  success: true,
  message: 'ok',
  data: {
    sector: 'residential',
    locations: [
      { name: 'Ikoyi', slug: 'ikoyi', city: 'Lagos', country: 'Nigeria', country_code: 'NG' }
    ]
  }
}

export async function startSlow400Server(
  delayMs: number,
  options: { locations?: boolean } = {}
): Promise<Slow400Server> {
  const server = createServer((request, response) => {
    const hit = { path: new URL(request.url ?? '/', 'http://x').pathname, abandoned: false }
    state.hits.push(hit)
    state.onRequest?.()
    if (options.locations && hit.path === '/locations') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(LOCATIONS))
      return
    }
    const timer = setTimeout(() => {
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ success: false, message: 'sector is required' }))
    }, state.delayMs)
    response.on('close', () => {
      clearTimeout(timer)
      if (!response.writableEnded) hit.abandoned = true
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const state: Slow400Server = {
    baseUrl: `http://127.0.0.1:${port}`,
    delayMs,
    hits: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
  return state
}
