import { describe, expect, it } from 'vitest'
import { parseBatchItemResult } from './batch-item'
import type { LookupRequest } from './contract'

const price: LookupRequest = {
  kind: 'residentialPrice',
  location: 'lekki',
  countryCode: 'NG',
  type: 'sale',
  beds: '2'
}
const growth: LookupRequest = {
  kind: 'growth',
  location: 'ikoyi',
  countryCode: 'NG',
  sector: 'land'
}
const PRICE = { price: 1000, beds: '2', location: 'lekki', country_code: 'NG', currency: 'NGN' }
const META = { source: 'remote', fetchedAt: '2026-11-24T00:00:00.000Z' }

describe('a streamed batch item', () => {
  it("passes with the payload of its request's kind, or as a typed error", () => {
    expect(parseBatchItemResult(price, { ok: true, data: PRICE, meta: META })).toEqual({
      ok: true,
      data: PRICE,
      meta: META
    })
    const error = { ok: false, error: { code: 'NOT_FOUND', message: 'No data.' } }
    expect(parseBatchItemResult(growth, error)).toEqual(error)
    // A lookup main's quota guard did not send keeps saying so on the way to the screen.
    const notSent = { ok: false, error: { code: 'SERVER', message: 'Not sent.', notSent: true } }
    expect(parseBatchItemResult(price, notSent)).toEqual(notSent)
  })

  it('is refused when its payload is not what its kind answers, or implausible', () => {
    expect(parseBatchItemResult(growth, { ok: true, data: PRICE })).toBeUndefined()
    expect(parseBatchItemResult(price, { ok: true, data: { ...PRICE, price: -1 } })).toBeUndefined()
    expect(
      parseBatchItemResult(price, { ok: true, data: PRICE, meta: { source: 'x' } })
    ).toBeUndefined()
    expect(
      parseBatchItemResult(price, { ok: false, error: { code: 'NOPE', message: '' } })
    ).toBeUndefined()
    expect(parseBatchItemResult(price, 'ok')).toBeUndefined()
  })
})
