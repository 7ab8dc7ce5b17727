import { describe, expect, it } from 'vitest'
import { callMarket, MarketQueryError, unwrap, unwrapWithMeta } from './market-result'

describe('market results', () => {
  it('keeps meta with the data', () => {
    const meta = { source: 'remote' as const, fetchedAt: '2025-01-01T00:00:00.000Z' }
    expect(unwrapWithMeta({ ok: true, data: { price: 1 }, meta })).toEqual({
      data: { price: 1 },
      meta
    })
  })

  it('turns a failed Result into a MarketQueryError with code and retry hint', () => {
    let caught: unknown
    try {
      unwrap({
        ok: false,
        error: { code: 'RATE_LIMITED', message: 'Slow down', retryAfterMs: 2500 }
      })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(MarketQueryError)
    expect(caught).toMatchObject({ code: 'RATE_LIMITED', message: 'Slow down', retryAfterMs: 2500 })
  })

  it('turns a rejected IPC call into an INTERNAL error', async () => {
    await expect(
      callMarket(() => Promise.reject(new Error('channel closed')), unwrap)
    ).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining('channel closed')
    })
  })
})
