/**
 * Every attempt has a deadline the client owns: no server behaviour (here an endless stream of
 * 103 Early Hints, each of which restarts undici's own headers timeout) holds it past that, and
 * the connection and the concurrency slot are given back.
 */
import { describe, expect, it } from 'vitest'
import { earlyHintsForever, echoing } from '../../../test/support/client/fault-server'
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
    // 0.3 s connect + 0.3 s headers + 0.3 s body + 1 s grace
    expect(!result.ok && result.error.message).toMatch(
      /The service at 127\.0\.0\.1:\d+ did not finish answering within 1\.9 s/
    )
    // A timeout is a failing service: sent once more, then sending pauses.
    expect(fault.server().hits).toHaveLength(2)
    while (closed < 2) await new Promise((resolve) => setTimeout(resolve, 10))
  })

  it('six 1xx streams filling every slot do not starve a healthy request', async () => {
    const server = fault.server()
    for (let n = 0; n < 6; n += 1) server.queue(earlyHintsForever(50))
    server.setDefault(echoing(PRICE))
    const { client } = fault.client({ timeouts: SHORT, concurrency: 6 })
    const stuck = ['1', '2', '3', '4', '5', '6'].map((beds) =>
      client.getResidentialPrice(priceInput(beds))
    )
    const healthy = await client.getResidentialPrice(priceInput('7'))
    expect(healthy).toMatchObject({ ok: true, data: { ...PRICE, beds: '7' } })
    // The six timed out together (one failure); one of them, sent again first, was answered, and
    // the healthy lookup and the other five followed it.
    const answers = await Promise.all(stuck)
    expect(answers.every((result) => result.ok)).toBe(true)
    expect(server.hits).toHaveLength(13)
  })
})
