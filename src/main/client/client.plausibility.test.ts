/**
 * Answers of the right shape but impossible values are refused at the client boundary as
 * BAD_RESPONSE naming the field; plausible extremes are still served.
 */
import { describe, expect, it } from 'vitest'
import { envelope } from '../../../test/support/client/fault-server'
import { PRICE, useFaultServer } from '../../../test/support/client/helpers'

const PRICE_INPUT = {
  location: 'lekki-phase-1',
  countryCode: 'NG',
  type: 'sale',
  beds: '3'
} as const
const GROWTH_INPUT = { location: 'lekki-phase-1', countryCode: 'NG', sector: 'land' } as const
const LAND = { price: 25_000, currency: 'NGN', unit: 'sqm' }
const GROWTH = { growth: 7.5, period: '2020-2025' }

describe('service client: implausible values are refused, naming the field', () => {
  const fault = useFaultServer()

  it.each([0, 0.004, 5e-324, -1, -5_000_000, 1e16, 1e308])(
    'residential price %d → data.price',
    async (price) => {
      fault.server().queue(envelope({ ...PRICE, price }))
      const { client } = fault.client()
      const result = await client.getResidentialPrice(PRICE_INPUT)
      expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
      expect(!result.ok && result.error.message).toMatch(/: data\.price \(/)
      expect(fault.server().hits).toHaveLength(1)
    }
  )

  it.each([0, -25_000, 1e300])('land price %d → data.price', async (price) => {
    fault.server().queue(envelope({ ...LAND, price }))
    const { client } = fault.client()
    const result = await client.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(!result.ok && result.error.message).toMatch(/: data\.price \(/)
  })

  it.each([-1e308, -100.5, 1000.5, 1e308])('growth %d → data.growth', async (growth) => {
    fault.server().queue(envelope({ ...GROWTH, growth }))
    const { client } = fault.client()
    const result = await client.getGrowth(GROWTH_INPUT)
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(!result.ok && result.error.message).toMatch(/: data\.growth \(/)
  })

  it.each(['0000-9999', '2025-2020', '2020-2020', '1800-1850', '2090-2150', '1950-2025', '20-25'])(
    'period %s → data.period',
    async (period) => {
      fault.server().queue(envelope({ ...GROWTH, period }))
      const { client } = fault.client()
      const result = await client.getGrowth(GROWTH_INPUT)
      expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
      expect(!result.ok && result.error.message).toMatch(/: data\.period \(/)
    }
  )

  it.each([
    ['location', { location: 'somewhere-else' }, 'the location asked for, lekki-phase-1'],
    ['country_code', { country_code: 'GB' }, 'the country asked for, NG'],
    ['beds', { beds: '9' }, 'the bed type asked for, 3']
  ])('an answer for another %s → data.%s', async (field, change, words) => {
    fault.server().queue(envelope({ ...PRICE, ...change }))
    const { client } = fault.client()
    const result = await client.getResidentialPrice(PRICE_INPUT)
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(!result.ok && result.error.message).toContain(`data.${field} (must be ${words})`)
    expect(fault.server().hits).toHaveLength(1)
  })

  it('an answer echoing the request in another case is the lookup asked for', async () => {
    const echo = { ...PRICE, location: 'Lekki-Phase-1', country_code: 'ng' }
    fault.server().queue(envelope(echo))
    const { client } = fault.client()
    expect(await client.getResidentialPrice(PRICE_INPUT)).toMatchObject({ ok: true, data: echo })
  })

  it('plausible extremes are served unchanged', async () => {
    const answers = [
      { ...GROWTH, growth: -100, period: '1975-2025' },
      { ...GROWTH, growth: 1000, period: '2099-2100' },
      { ...GROWTH, growth: -0.05, period: '1900-1950' }
    ]
    fault
      .server()
      .queue(
        envelope({ ...PRICE, price: 1 }),
        envelope({ ...PRICE, price: 9e14, beds: '4' }),
        ...answers.map((answer) => envelope(answer))
      )
    const { client } = fault.client()
    expect(await client.getResidentialPrice(PRICE_INPUT)).toMatchObject({ data: { price: 1 } })
    const beds = { ...PRICE_INPUT, beds: '4' }
    expect(await client.getResidentialPrice(beds)).toMatchObject({ data: { price: 9e14 } })
    for (const answer of answers) {
      const input = { ...GROWTH_INPUT, location: `x-${answers.indexOf(answer)}` }
      expect(await client.getGrowth(input)).toMatchObject({ ok: true, data: answer })
    }
  })
})
