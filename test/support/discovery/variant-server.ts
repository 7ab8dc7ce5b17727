/**
 * A tiny market data service whose layout a test chooses: which paths answer which operation and
 * where each wants its parameters. Unknown paths answer the framework-style 404 of the real
 * provider. It counts requests, so tests can bound what discovery spends.
 */
import { API_KEY_HEADER } from '@shared/spec'
import { dynamic, json, startFaultServer } from '../client/fault-server'
import type { Hit } from '../client/fault-server'

export type VariantOperation = 'locations' | 'residential-prices' | 'growth' | 'land-prices'

export interface VariantRoute {
  operation: VariantOperation
  /** Where parameters are read: `body` ignores the query string (and the reverse). */
  placement: 'query' | 'body'
}

export interface VariantServer {
  baseUrl: string
  /** Every request received. */
  hits: Hit[]
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
  const server = await startFaultServer()
  server.setDefault(
    dynamic((hit) => {
      if (hit.headers[API_KEY_HEADER.toLowerCase()] !== apiKey) {
        return json(401, {
          success: false,
          message: 'Invalid API key.',
          error: { code: 'UNAUTHORIZED' }
        })
      }
      const route = routes[hit.path]
      if (!route) {
        return json(404, {
          message: `The route ${hit.path.replace(/^\//, '')} could not be found.`
        })
      }
      let params: Record<string, string> = {}
      if (route.placement === 'query') params = hit.query
      else if (hit.body) params = JSON.parse(hit.body) as Record<string, string>
      return json(...answer(route.operation, params))
    })
  )
  return { baseUrl: server.origin, hits: server.hits, close: server.close }
}
