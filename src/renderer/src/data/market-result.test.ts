import { describe, expect, it } from 'vitest'
import { askMarket, callMarket, MarketQueryError } from './market-result'

describe('market results', () => {
  it('keeps meta with the data', async () => {
    const meta = { source: 'remote' as const, fetchedAt: '2025-01-01T00:00:00.000Z' }
    expect(await callMarket(async () => ({ ok: true, data: { price: 1 }, meta }))).toEqual({
      data: { price: 1 },
      meta
    })
  })

  it('turns a failed Result into a MarketQueryError with code and retry hint', async () => {
    let caught: unknown
    try {
      await askMarket(async () => ({
        ok: false,
        error: { code: 'RATE_LIMITED', message: 'Slow down', retryAfterMs: 2500 }
      }))
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(MarketQueryError)
    expect(caught).toMatchObject({ code: 'RATE_LIMITED', message: 'Slow down', retryAfterMs: 2500 })
  })

  it('turns a rejected IPC call into an INTERNAL error', async () => {
    await expect(
      askMarket(() => Promise.reject(new Error('channel closed')))
    ).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining('channel closed')
    })
  })
})
