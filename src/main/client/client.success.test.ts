import { describe, expect, it } from 'vitest'
import { dynamic, echoing, envelope } from '../../../test/support/client/fault-server'
import {
  FIXED_NOW,
  LOCATIONS,
  PRICE,
  TEST_KEY,
  useFaultServer
} from '../../../test/support/client/helpers'

describe('service client: successful calls', () => {
  const fault = useFaultServer()

  it('lists locations with the key, Accept header and query parameter; meta has source and time', async () => {
    fault.server().queue(envelope(LOCATIONS))
    const { client } = fault.client()
    const result = await client.listLocations({ sector: 'residential' })
    expect(result).toEqual({
      ok: true,
      data: LOCATIONS,
      meta: { source: 'remote', fetchedAt: FIXED_NOW.toISOString() }
    })
    const [hit] = fault.server().hits
    expect(hit?.method).toBe('GET')
    expect(hit?.path).toBe('/api/v1/locations')
    expect(hit?.rawQuery).toBe('sector=residential')
    expect(hit?.headers['api-key']).toBe(TEST_KEY)
    expect(hit?.headers['accept']).toBe('application/json')
    expect(hit?.headers['content-type']).toBeUndefined()
    expect(hit?.body).toBe('')
  })

  it("keeps a service's own word that its figures are illustrative: its flag and notice, or its message", async () => {
    const notice = 'Sample figures for a demonstration. Not market data.'
    const server = fault.server()
    server.queue(echoing(PRICE, { meta: { dataset: { illustrative: true, notice } } }))
    server.queue(echoing(PRICE, { meta: { illustrative: true } }))
    server.queue(echoing(PRICE, { message: 'Average price (illustrative figures).' }))
    server.queue(echoing(PRICE, { meta: { dataset: { illustrative: false, notice } } }))
    const { client } = fault.client()
    const input = { location: 'yaba', countryCode: 'NG', type: 'sale', beds: '2' } as const
    const notices = []
    for (let answer = 0; answer < 4; answer += 1) {
      const result = await client.getResidentialPrice(input)
      notices.push(result.ok ? result.meta?.notice : 'failed')
    }
    expect(notices).toEqual([
      notice,
      'The service says its figures are illustrative, not market data.',
      'Average price (illustrative figures).',
      undefined
    ])
  })

  it('sends residential price parameters with their wire names and tolerates extra fields', async () => {
    fault.server().queue(envelope({ ...PRICE, extra: 'ignored' }, { requestId: 'abc' }))
    const { client } = fault.client({ source: 'demo' })
    const result = await client.getResidentialPrice({
      location: 'lekki-phase-1',
      countryCode: 'NG',
      type: 'rent',
      beds: '3'
    })
    expect(result.ok && result.data).toEqual(PRICE)
    expect(result.ok && result.meta?.source).toBe('demo')
    expect(fault.server().hits[0]?.query).toEqual({
      location: 'lekki-phase-1',
      country_code: 'NG',
      type: 'rent',
      beds: '3'
    })
  })

  it('sends growth with optional type/beds only when given', async () => {
    const server = fault.server()
    server.setDefault(envelope({ growth: 12.5, period: '2020-2025' }))
    const { client } = fault.client()
    const land = await client.getGrowth({ location: 'epe', countryCode: 'NG', sector: 'land' })
    expect(land).toMatchObject({ ok: true, data: { growth: 12.5, period: '2020-2025' } })
    await client.getGrowth({
      location: 'epe',
      countryCode: 'NG',
      sector: 'residential',
      type: 'sale',
      beds: '2'
    })
    expect(server.hits.map((hit) => hit.query)).toEqual([
      { location: 'epe', country_code: 'NG', sector: 'land' },
      { location: 'epe', country_code: 'NG', sector: 'residential', type: 'sale', beds: '2' }
    ])
    expect(server.hits[0]?.path).toBe('/api/v1/growth')
  })

  it('calls land-prices with location and country_code', async () => {
    fault.server().queue(envelope({ price: 120_000, currency: 'NGN', unit: 'sqm' }))
    const { client } = fault.client()
    const result = await client.getLandPrice({ location: 'epe', countryCode: 'NG' })
    expect(result).toMatchObject({
      ok: true,
      data: { price: 120_000, currency: 'NGN', unit: 'sqm' }
    })
    expect(fault.server().hits[0]?.path).toBe('/api/v1/land-prices')
    expect(fault.server().hits[0]?.query).toEqual({ location: 'epe', country_code: 'NG' })
  })

  it('percent-encodes special characters in query values', async () => {
    fault.server().queue(envelope(PRICE))
    const { client } = fault.client()
    const beds = '2 & 3=+/?#é'
    await client.getResidentialPrice({ location: 'a b', countryCode: 'NG', type: 'sale', beds })
    const hit = fault.server().hits[0]
    expect(hit?.query['beds']).toBe(beds)
    expect(hit?.query['location']).toBe('a b')
    expect(hit?.rawQuery).toContain('beds=2%20%26%203%3D%2B%2F%3F%23%C3%A9')
    expect(hit?.path).toBe('/api/v1/residential-prices')
  })

  it("'body' placement sends a JSON body on GET and no query string", async () => {
    fault.server().queue(envelope(PRICE))
    const { client } = fault.client({ parameterPlacement: 'body' })
    const result = await client.getResidentialPrice({
      location: 'lekki-phase-1',
      countryCode: 'NG',
      type: 'sale',
      beds: '3'
    })
    expect(result.ok).toBe(true)
    const hit = fault.server().hits[0]
    expect(hit?.method).toBe('GET')
    expect(hit?.rawQuery).toBe('')
    expect(hit?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(hit?.body ?? '')).toEqual({
      location: 'lekki-phase-1',
      country_code: 'NG',
      type: 'sale',
      beds: '3'
    })
  })

  it("'both' placement sends the parameters in the query and in the body", async () => {
    fault.server().queue(envelope(LOCATIONS))
    const { client } = fault.client({ parameterPlacement: 'both' })
    await client.listLocations({ sector: 'land' })
    const hit = fault.server().hits[0]
    expect(hit?.query).toEqual({ sector: 'land' })
    expect(JSON.parse(hit?.body ?? '')).toEqual({ sector: 'land' })
    expect(hit?.headers['content-type']).toBe('application/json')
  })

  it.each([
    ['', '/locations'],
    ['/', '/locations'],
    ['/api/v1', '/api/v1/locations'],
    ['/api/v1/', '/api/v1/locations'],
    ['/api//v1//', '/api//v1/locations']
  ])('joins paths onto base URL path %j', async (basePath, expected) => {
    fault.server().setDefault(dynamic(() => envelope(LOCATIONS)))
    const { client } = fault.client({}, basePath)
    const result = await client.listLocations({ sector: 'residential' })
    expect(result.ok).toBe(true)
    expect(fault.server().hits[0]?.path).toBe(expected)
  })
})
