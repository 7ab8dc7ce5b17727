/**
 * Requests that fail below the routes, over real HTTP (raw sockets where no client would send
 * them): each must be answered with the service's JSON envelope and the right status, never with a
 * bare Node or fastify answer — in the spec layout and in the provider layout alike (where only an
 * unknown route answers otherwise: the framework-style 404, checked in layout.test.ts and here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceLayout } from './layout'
import { startService } from './server'
import type { RunningService } from './server'
import { EDGE_CASES, edgeReplyProblems } from '../../test/support/service/http-edge-cases'
import { TEST_KEY } from '../../test/support/service/helpers'
import { rawExchange } from '../../test/support/service/raw-http'

const LIMITS = { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500 }
const services: Partial<Record<ServiceLayout, RunningService>> = {}
beforeAll(async () => {
  services.spec = await startService({ apiKey: TEST_KEY, limits: LIMITS })
  services.provider = await startService({ apiKey: TEST_KEY, limits: LIMITS, layout: 'provider' })
})
afterAll(() => Promise.all(Object.values(services).map((service) => service.close())))

function serviceOf(layout: ServiceLayout): RunningService {
  const service = services[layout]
  if (!service) throw new Error(`no ${layout} service`)
  return service
}

/** Routes both layouts serve. */
const PATHS = ['/locations', '/v1/residential-prices']
const routeLevel = (code: string | undefined): boolean => code === 'ROUTE_NOT_FOUND'

describe.each(['spec', 'provider'] as const)(
  'every failure below the routes is answered with the envelope (%s layout)',
  (layout) => {
    const cases = EDGE_CASES.filter(
      (edge) => !edge.slow && (layout === 'spec' || !routeLevel(edge.expected.code))
    )
    it.each(cases.map((edge) => [edge.name, edge] as const))('%s', async (_name, edge) => {
      for (const path of PATHS) {
        const reply = await rawExchange(serviceOf(layout).port, edge.chunks(path, TEST_KEY))
        expect(edgeReplyProblems(edge, reply), `${path}: ${reply.body.slice(0, 200)}`).toEqual([])
      }
    })

    it('answers 408 with the envelope when headers or a body stall past the request timeout', async () => {
      const slow = EDGE_CASES.filter((edge) => edge.slow)
      expect(slow.length).toBeGreaterThan(0)
      const replies = await Promise.all(
        slow.map(async (edge) => ({
          edge,
          reply: await rawExchange(
            serviceOf(layout).port,
            edge.chunks('/locations', TEST_KEY),
            15_000
          )
        }))
      )
      for (const { edge, reply } of replies) {
        expect(edgeReplyProblems(edge, reply), edge.name).toEqual([])
      }
    })

    it('still serves after all of them', async () => {
      const response = await fetch(`${serviceOf(layout).baseUrl}/locations?sector=land`, {
        headers: { 'api-key': TEST_KEY }
      })
      expect(response.status).toBe(200)
    })
  }
)

describe('an unknown route in the provider layout, over HTTP', () => {
  const unknownRoute = EDGE_CASES.find((edge) => routeLevel(edge.expected.code))

  it('is the framework-style 404 naming the path', async () => {
    expect(unknownRoute).toBeDefined()
    for (const path of PATHS) {
      const reply = await rawExchange(
        serviceOf('provider').port,
        unknownRoute?.chunks(path, TEST_KEY) ?? []
      )
      expect(reply.status).toBe(404)
      expect(reply.headers['content-type']).toMatch(/^application\/json\b/)
      expect(JSON.parse(reply.body)).toEqual({
        message: `The route ${path.slice(1)}-nope could not be found.`
      })
    }
  })
})
