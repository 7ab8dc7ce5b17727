/** Connection and time limits of the service's HTTP server. */
import { setTimeout as delay } from 'node:timers/promises'
import { Client } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { createServiceApp, DEFAULT_SERVER_LIMITS, startService } from './server'
import { TEST_KEY } from '../../test/support/service/helpers'
import { rawExchange } from '../../test/support/service/raw-http'

const headers = { 'api-key': TEST_KEY }
const REQUEST = `GET /locations?sector=land HTTP/1.1\r\nHost: 127.0.0.1\r\nAPI-KEY: ${TEST_KEY}\r\nConnection: close\r\n\r\n`

describe('server limits', () => {
  it('bounds connections, and every time a request or an idle connection may take', () => {
    const app = createServiceApp({ apiKey: TEST_KEY })
    const server = app.server
    expect(server.maxConnections).toBe(DEFAULT_SERVER_LIMITS.maxConnections)
    for (const value of [
      server.maxConnections,
      server.requestTimeout,
      server.headersTimeout,
      server.keepAliveTimeout,
      server.timeout
    ]) {
      expect(value).toBeGreaterThan(0)
      expect(value).toBeLessThanOrEqual(120_000)
    }
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout)
    void app.close()
  })

  describe('over the connection cap', () => {
    const cap = 3
    const clients: Client[] = []
    const started = startService({ apiKey: TEST_KEY, limits: { maxConnections: cap } })
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()))
      await (await started).close()
    })

    it('closes a connection beyond the cap without answering, and serves again once one closes', async () => {
      const service = await started
      for (let index = 0; index < cap; index += 1) {
        const client = new Client(service.baseUrl, { keepAliveTimeout: 60_000 })
        clients.push(client)
        const response = await client.request({
          method: 'GET',
          path: '/locations?sector=land',
          headers
        })
        expect(response.statusCode).toBe(200)
        await response.body.dump()
      }
      const refused = await rawExchange(service.port, [REQUEST])
      expect(refused.status).toBe(0)
      expect(refused.ended).not.toBe('waited out')

      // Every held connection still works.
      for (const client of clients) {
        const response = await client.request({
          method: 'GET',
          path: '/locations?sector=land',
          headers
        })
        expect(response.statusCode).toBe(200)
        await response.body.dump()
      }

      await clients.shift()?.close()
      let answered = 0
      for (let attempt = 0; attempt < 50 && answered === 0; attempt += 1) {
        answered = (await rawExchange(service.port, [REQUEST])).status
        if (answered === 0) await delay(100)
      }
      expect(answered).toBe(200)
    })
  })
})
