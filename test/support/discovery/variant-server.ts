/**
 * A tiny market data service whose layout a test chooses: which paths answer which operation and
 * where each wants its parameters. Unknown paths answer the framework-style 404 of the real
 * provider. It counts requests, so tests can bound what discovery spends.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { API_KEY_HEADER } from '@shared/spec'

export type VariantOperation = 'locations' | 'residential-prices' | 'growth' | 'land-prices'

export interface VariantRoute {
  operation: VariantOperation
  /** Where parameters are read: `body` ignores the query string (and the reverse). */
  placement: 'query' | 'body'
}

export interface VariantServer {
  baseUrl: string
  /** Every request: its path and where its parameters were. */
  hits: Array<{ path: string; hadQuery: boolean; hadBody: boolean }>
  close(): Promise<void>
}

const LOCATION = {
  name: 'Lekki Phase 1',
  slug: 'lekki-phase-1',
  city: 'Lagos',
  country: 'Nigeria',
  country_code: 'NG'
}

function answer(operation: VariantOperation, params: Record<string, string>): [number, unknown] {
  const ok = (data: unknown): [number, unknown] => [200, { success: true, message: 'ok', data }]
  const required = {
    locations: ['sector'],
    'residential-prices': ['location', 'country_code', 'type', 'beds'],
    growth: ['location', 'country_code', 'sector'],
    'land-prices': ['location', 'country_code']
  }[operation]
  const missing = required.filter((name) => !params[name])
  if (missing.length > 0) {
    return [
      400,
      { success: false, message: `${missing.join(', ')} required`, error: { code: 'BAD_REQUEST' } }
    ]
  }
  if (operation === 'locations') return ok({ sector: params['sector'], locations: [LOCATION] })
  if (params['location'] !== LOCATION.slug) {
    return [404, { success: false, message: 'No data', error: { code: 'NOT_FOUND' } }]
  }
  if (operation === 'residential-prices') {
    return ok({
      price: 5_000_000,
      beds: params['beds'],
      location: LOCATION.slug,
      country_code: 'NG',
      currency: 'NGN'
    })
  }
  if (operation === 'growth') return ok({ growth: 12.5, period: '2020-2025' })
  return ok({ price: 90_000, currency: 'NGN', unit: 'sqm' })
}

export async function startVariantServer(
  apiKey: string,
  routes: Record<string, VariantRoute>
): Promise<VariantServer> {
  const hits: VariantServer['hits'] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x')
      const text = Buffer.concat(chunks).toString('utf8')
      hits.push({ path: url.pathname, hadQuery: url.search !== '', hadBody: text !== '' })
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      if (request.headers[API_KEY_HEADER.toLowerCase()] !== apiKey) {
        return send(401, {
          success: false,
          message: 'Invalid API key.',
          error: { code: 'UNAUTHORIZED' }
        })
      }
      const route = routes[url.pathname]
      if (!route) {
        return send(404, {
          message: `The route ${url.pathname.replace(/^\//, '')} could not be found.`
        })
      }
      let params: Record<string, string> = {}
      if (route.placement === 'query') params = Object.fromEntries(url.searchParams)
      else if (text) params = JSON.parse(text) as Record<string, string>
      const [status, body] = answer(route.operation, params)
      send(status, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
