/**
 * Requests that fail below the routes, over real HTTP (raw sockets where no client would send
 * them): each must be answered with the service's JSON envelope and the right status, never with a
 * bare Node or fastify answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startService } from './server'
import type { RunningService } from './server'
import { EDGE_CASES, edgeReplyProblems } from '../../test/support/service/http-edge-cases'
import { TEST_KEY } from '../../test/support/service/helpers'
import { rawExchange } from '../../test/support/service/raw-http'

let service: RunningService
beforeAll(async () => {
  service = await startService({
    apiKey: TEST_KEY,
    limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500 }
  })
})
afterAll(() => service.close())

const PATHS = ['/locations', '/v1/residential-prices']

describe('every failure below the routes is answered with the envelope', () => {
  it.each(EDGE_CASES.filter((edge) => !edge.slow).map((edge) => [edge.name, edge] as const))(
    '%s',
    async (_name, edge) => {
      for (const path of PATHS) {
        const reply = await rawExchange(service.port, edge.chunks(path, TEST_KEY))
        expect(edgeReplyProblems(edge, reply), `${path}: ${reply.body.slice(0, 200)}`).toEqual([])
      }
    }
  )

  it('answers 408 with the envelope when headers or a body stall past the request timeout', async () => {
    const slow = EDGE_CASES.filter((edge) => edge.slow)
    expect(slow.length).toBeGreaterThan(0)
    const replies = await Promise.all(
      slow.map(async (edge) => ({
        edge,
        reply: await rawExchange(service.port, edge.chunks('/locations', TEST_KEY), 15_000)
      }))
    )
    for (const { edge, reply } of replies) {
      expect(edgeReplyProblems(edge, reply), edge.name).toEqual([])
    }
  })

  it('still serves after all of them', async () => {
    const response = await fetch(`${service.baseUrl}/locations?sector=land`, {
      headers: { 'api-key': TEST_KEY }
    })
    expect(response.status).toBe(200)
  })
})
