import { afterAll, describe, expect, it } from 'vitest'
import {
  envelopeSchema,
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema
} from '@shared/spec'
import { bundledDatasetLoaded } from './dataset'
import { get, TEST_KEY, testApp } from '../../test/support/service/helpers'

const app = testApp()
afterAll(() => app.close())
const dataset = bundledDatasetLoaded()
const lekki = { location: 'lekki-phase-1', country_code: 'NG' }

describe('GET /locations', () => {
  it.each(['residential', 'land'] as const)(
    'lists the %s set with the spec envelope',
    async (sector) => {
      const reply = await get(app, '/locations', { query: { sector } })
      expect(reply.status).toBe(200)
      const parsed = envelopeSchema(LocationsPayloadSchema).parse(reply.body)
      expect(parsed.data.sector).toBe(sector)
      expect(parsed.data.locations).toHaveLength(dataset.file[sector].length)
      expect(parsed.message).toBe(
        `${dataset.file[sector].length} locations with ${sector} data found`
      )
      expect(reply.headers['content-type']).toMatch(/^application\/json/)
    }
  )

  it('labels the data illustrative in the response metadata', async () => {
    const reply = await get(app, '/locations', { query: { sector: 'land' } })
    expect(reply.body['meta']).toMatchObject({ dataset: { illustrative: true } })
  })

  it('returns different but overlapping sets for residential and land', async () => {
    const slugs = async (sector: string) => {
      const reply = await get(app, '/locations', { query: { sector } })
      const data = LocationsPayloadSchema.parse(reply.body['data'])
      return new Set(data.locations.map((entry) => `${entry.country_code}/${entry.slug}`))
    }
    const residential = await slugs('residential')
    const land = await slugs('land')
    const both = [...residential].filter((key) => land.has(key))
    expect(both.length).toBeGreaterThan(0)
    expect(both.length).toBeLessThan(Math.min(residential.size, land.size))
  })
})

describe('GET /residential-prices', () => {
  it('answers the price, currency and a message naming type, beds and location', async () => {
    const reply = await get(app, '/residential-prices', {
      query: { ...lekki, type: 'rent', beds: '2' }
    })
    expect(reply.status).toBe(200)
    const parsed = envelopeSchema(ResidentialPricePayloadSchema).parse(reply.body)
    const entry = dataset.residentialByKey.get('NG/lekki-phase-1')
    expect(parsed.data).toEqual({
      price: entry?.prices.rent['2'],
      beds: '2',
      location: 'lekki-phase-1',
      country_code: 'NG',
      currency: 'NGN'
    })
    expect(Number.isInteger(parsed.data.price)).toBe(true)
    expect(parsed.message).toMatch(/rent/)
    expect(parsed.message).toMatch(/2 bed/)
    expect(parsed.message).toMatch(/Lekki Phase 1/)
  })

  it('treats country_code case-insensitively and echoes it upper-case', async () => {
    const reply = await get(app, '/residential-prices', {
      query: { location: 'east-legon', country_code: 'gh', type: 'sale', beds: '3' }
    })
    expect(reply.status).toBe(200)
    expect(reply.body['data']).toMatchObject({ country_code: 'GH', currency: 'GHS' })
  })

  it('ignores unknown extra parameters', async () => {
    const reply = await get(app, '/residential-prices', {
      query: { ...lekki, type: 'sale', beds: '2', colour: 'blue' }
    })
    expect(reply.status).toBe(200)
  })

  it('answers 404 for bed types named like Object.prototype members (found by the IPC fuzz)', async () => {
    for (const beds of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      for (const path of ['/residential-prices', '/growth']) {
        const reply = await get(app, path, {
          query: { ...lekki, sector: 'residential', type: 'rent', beds }
        })
        expect(reply.status, `${path} beds=${beds}`).toBe(404)
        expect(reply.body['success']).toBe(false)
      }
    }
  })
})

describe('GET /growth', () => {
  it('answers residential growth for the last 5 years of the dataset', async () => {
    const reply = await get(app, '/growth', {
      query: { ...lekki, sector: 'residential', type: 'sale', beds: '3' }
    })
    const parsed = envelopeSchema(GrowthPayloadSchema).parse(reply.body)
    const latest = dataset.file.latestYear
    expect(parsed.data.period).toBe(`${latest - 5}-${latest}`)
    expect(parsed.data.growth).toBe(
      dataset.residentialByKey.get('NG/lekki-phase-1')?.growth.sale['3']
    )
    for (const word of [
      `${latest - 5}-${latest}`,
      'residential',
      'sale',
      '3 bed',
      'Lekki Phase 1'
    ]) {
      expect(parsed.message).toContain(word)
    }
  })

  it('does not require type and beds for land', async () => {
    const reply = await get(app, '/growth', {
      query: { location: 'ikoyi', country_code: 'NG', sector: 'land' }
    })
    expect(reply.status).toBe(200)
    const parsed = envelopeSchema(GrowthPayloadSchema).parse(reply.body)
    expect(parsed.data.growth).toBe(dataset.landByKey.get('NG/ikoyi')?.growth)
    expect(parsed.message).toContain('land')
  })
})

describe('GET /land-prices', () => {
  it('answers price, currency and the unit the price is per', async () => {
    const reply = await get(app, '/land-prices', {
      query: { location: 'ikoyi', country_code: 'NG' }
    })
    const parsed = envelopeSchema(LandPricePayloadSchema).parse(reply.body)
    expect(parsed.data).toEqual({
      price: dataset.landByKey.get('NG/ikoyi')?.price,
      location: 'ikoyi',
      country_code: 'NG',
      currency: 'NGN',
      unit: 'sqm'
    })
  })
})

describe('/v1 prefix', () => {
  it.each(['/v1/locations?sector=land', '/v1/land-prices?location=ikoyi&country_code=NG'])(
    'serves %s',
    async (url) => {
      const reply = await get(app, url)
      expect(reply.status).toBe(200)
      expect(reply.body['success']).toBe(true)
    }
  )
})

describe('parameters in a JSON body on GET', () => {
  it('accepts every parameter from the body', async () => {
    const reply = await get(app, '/residential-prices', {
      body: { ...lekki, type: 'rent', beds: '2' }
    })
    expect(reply.status).toBe(200)
    expect(reply.body['data']).toMatchObject({ location: 'lekki-phase-1', beds: '2' })
  })

  it('lets the query win on conflict', async () => {
    const reply = await get(app, '/residential-prices', {
      query: { beds: '3' },
      body: { ...lekki, type: 'rent', beds: '2' }
    })
    expect(reply.body['data']).toMatchObject({ beds: '3' })
  })

  it('takes a number in a JSON body as its text', async () => {
    const reply = await get(app, '/residential-prices', {
      body: { ...lekki, type: 'rent', beds: 2 }
    })
    expect(reply.status).toBe(200)
    expect(reply.body['data']).toMatchObject({ beds: '2' })
  })

  it('accepts Content-Type: application/json with an empty body (as spec clients send)', async () => {
    const reply = await get(app, '/locations', {
      query: { sector: 'land' },
      headers: { 'content-type': 'application/json' }
    })
    expect(reply.status).toBe(200)
  })
})

describe('HEAD on a route', () => {
  it("answers the GET's status and headers, with no body, from the cache as when answered first", async () => {
    const url = '/residential-prices?location=ikoyi&country_code=NG&type=rent&beds=2'
    const headers = { 'api-key': TEST_KEY }
    const full = await app.inject({ method: 'GET', url, headers })
    for (let round = 0; round < 2; round += 1) {
      const head = await app.inject({ method: 'HEAD', url, headers })
      expect(head.statusCode).toBe(200)
      expect(head.body).toBe('')
      expect(head.headers['content-type']).toBe(full.headers['content-type'])
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(full.body)))
    }
  })

  it('answers an error status with its headers and no body', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: '/residential-prices?location=nowhere&country_code=NG&type=rent&beds=2',
      headers: { 'api-key': TEST_KEY }
    })
    expect(head.statusCode).toBe(404)
    expect(head.body).toBe('')
    expect(head.headers['content-type']).toMatch(/^application\/json/)
  })
})
