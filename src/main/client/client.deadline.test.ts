/**
 * Every attempt has a deadline the client owns: no server behaviour (here an endless stream of
 * 103 Early Hints, each of which restarts undici's own headers timeout) holds it past that, and
 * the connection and the concurrency slot are given back.
 */
import { describe, expect, it } from 'vitest'
import { earlyHintsForever, envelope } from '../../../test/support/client/fault-server'
import { PRICE, useFaultServer } from '../../../test/support/client/helpers'

const SHORT = { connectMs: 300, headersMs: 300, bodyMs: 300 }
const priceInput = (beds: string) =>
  ({ location: 'lekki-phase-1', countryCode: 'NG', type: 'sale', beds }) as const

describe('service client: a deadline per attempt', () => {
  const fault = useFaultServer()

  it('an endless stream of 1xx answers ends in TIMEOUT and the connection is dropped', async () => {
    let closed = 0
    fault.server().setDefault(earlyHintsForever(50, () => (closed += 1)))
    const { client } = fault.client({ timeouts: SHORT })
    const result = await client.getResidentialPrice(priceInput('3'))
    expect(result).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } })
    expect(!result.ok && result.error.message).toMatch(
      /The service at 127\.0\.0\.1:\d+ did not answer within 0\.3 s/
    )
    expect(fault.server().hits).toHaveLength(1)
    while (closed < 1) await new Promise((resolve) => setTimeout(resolve, 10))
  })

  it('six 1xx streams filling every slot do not starve a healthy request', async () => {
    const server = fault.server()
    for (let n = 0; n < 6; n += 1) server.queue(earlyHintsForever(50))
    server.setDefault(envelope(PRICE))
    const { client } = fault.client({ timeouts: SHORT, concurrency: 6 })
    const stuck = ['1', '2', '3', '4', '5', '6'].map((beds) =>
      client.getResidentialPrice(priceInput(beds))
    )
    const healthy = await client.getResidentialPrice(priceInput('7'))
    expect(healthy).toMatchObject({ ok: true, data: PRICE })
    const codes = (await Promise.all(stuck)).map((result) => !result.ok && result.error.code)
    expect(codes).toEqual(Array(6).fill('TIMEOUT'))
    expect(server.hits).toHaveLength(7)
  })
})
