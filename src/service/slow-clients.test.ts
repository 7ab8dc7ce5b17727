/**
 * Slowloris (issue 28, finding 7): connections that drip header lines must not lock out a client
 * with the right key, and each is closed at the header deadline. Counted, not timed: how many
 * dripping connections were closed at once, how many at the deadline, how many requests served.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_SERVER_LIMITS, startService } from './server'
import { TEST_KEY } from '../../test/support/service/helpers'
import { drip, getFrom } from '../../test/support/service/slow-drip'

const PATH = '/locations?sector=land'

describe('slow clients', () => {
  it('awaits headers for a few seconds, not 15', () => {
    expect(DEFAULT_SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(5_000)
  })

  it('256 dripping connections from one address leave the service to everyone else', async () => {
    const headersTimeoutMs = 1_000
    const service = await startService({
      apiKey: TEST_KEY,
      limits: { headersTimeoutMs, requestTimeoutMs: 2_000 }
    })
    try {
      const drips = Array.from({ length: 256 }, () =>
        drip(service.port, { everyMs: 200, giveUpMs: 10_000 })
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () => getFrom(service.port, PATH, TEST_KEY, '127.0.0.2'))
      )
      const ends = await Promise.all(drips)
      const atOnce = ends.filter((end) => end.closedByServer && end.afterMs < headersTimeoutMs)
      const atDeadline = ends.filter((end) => end.closedByServer && end.afterMs >= headersTimeoutMs)
      expect(statuses).toEqual([200, 200, 200, 200, 200])
      const perAddress = DEFAULT_SERVER_LIMITS.maxConnectionsPerAddress
      expect(atOnce.length).toBe(256 - perAddress)
      expect(atDeadline.length).toBe(perAddress)
      expect(atDeadline.every((end) => end.status === 408)).toBe(true)
      // Once the server has seen them close (a few ms after the client does), the address is free.
      let after = 0
      for (let attempt = 0; attempt < 20 && after !== 200; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        after = await getFrom(service.port, PATH, TEST_KEY, '127.0.0.1')
      }
      expect(after).toBe(200)
    } finally {
      await service.close()
    }
  }, 30_000)
})
