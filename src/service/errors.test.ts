import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorEnvelopeSchema } from '@shared/spec'
import { startService } from './server'
import type { RunningService } from './server'
import { errorCode, get, TEST_KEY, testApp } from '../../test/support/service/helpers'
import type { Reply } from '../../test/support/service/helpers'

const app = testApp()
afterAll(() => app.close())
const lekki = { location: 'lekki-phase-1', country_code: 'NG' }

function expectError(reply: Reply, status: number, code: string): string {
  expect(reply.status).toBe(status)
  const parsed = ErrorEnvelopeSchema.parse(reply.body)
  expect(parsed.error?.code).toBe(code)
  expect(parsed.error).toHaveProperty('details')
  return parsed.message
}

describe('authentication', () => {
  it('answers 401 without an API-KEY header, on every route', async () => {
    for (const path of [
      '/locations?sector=land',
      '/growth',
      '/land-prices',
      '/residential-prices',
      '/nope'
    ]) {
      expectError(await get(app, path, { key: null }), 401, 'UNAUTHORIZED')
    }
  })

  it('checks the key before serving a cached answer', async () => {
    const url = '/land-prices?location=ikoyi&country_code=NG'
    expect((await get(app, url)).status).toBe(200)
    expect((await get(app, url)).status).toBe(200)
    expectError(await get(app, url, { key: 'guess-123456' }), 401, 'UNAUTHORIZED')
    expectError(await get(app, url, { key: null }), 401, 'UNAUTHORIZED')
  })

  it('answers 401 for wrong keys of exactly the right length', async () => {
    const sameLength = [
      `${TEST_KEY.slice(0, -1)}${TEST_KEY.endsWith('x') ? 'y' : 'x'}`,
      `X${TEST_KEY.slice(1)}`,
      'x'.repeat(TEST_KEY.length),
      TEST_KEY.toUpperCase()
    ]
    for (const key of sameLength) {
      expect(key).toHaveLength(TEST_KEY.length)
      expect(key).not.toBe(TEST_KEY)
      expectError(await get(app, '/locations?sector=land', { key }), 401, 'UNAUTHORIZED')
    }
    expect((await get(app, '/locations?sector=land')).status).toBe(200)
  })

  it('answers 401 for a wrong key without echoing it', async () => {
    const reply = await get(app, '/locations?sector=land', { key: 'guess-123456' })
    const message = expectError(reply, 401, 'UNAUTHORIZED')
    expect(JSON.stringify(reply.body)).not.toContain('guess-123456')
    expect(message).toMatch(/invalid api key/i)
  })
})

describe('400 for missing or invalid parameters', () => {
  it('names every missing parameter at once', async () => {
    const reply = await get(app, '/residential-prices')
    const message = expectError(reply, 400, 'INVALID_PARAMETERS')
    for (const name of ['location', 'country_code', 'type', 'beds']) expect(message).toContain(name)
    const details = reply.body['error'] as { details: { parameters: { parameter: string }[] } }
    expect(details.details.parameters.map((entry) => entry.parameter)).toEqual([
      'location',
      'country_code',
      'type',
      'beds'
    ])
  })

  it('names the allowed values of an invalid enum', async () => {
    const reply = await get(app, '/residential-prices', {
      query: { ...lekki, type: 'lease', beds: '2' }
    })
    expect(expectError(reply, 400, 'INVALID_PARAMETERS')).toContain('allowed: rent, sale')
    const sector = await get(app, '/locations', { query: { sector: 'commercial' } })
    expect(expectError(sector, 400, 'INVALID_PARAMETERS')).toContain('allowed: residential, land')
  })

  it('requires sector on /locations', async () => {
    expect(expectError(await get(app, '/locations'), 400, 'INVALID_PARAMETERS')).toContain(
      'sector is required'
    )
  })

  it('rejects malformed slugs and country codes', async () => {
    const reply = await get(app, '/land-prices', {
      query: { location: 'Lekki Phase 1', country_code: 'NGA' }
    })
    const message = expectError(reply, 400, 'INVALID_PARAMETERS')
    expect(message).toContain('location')
    expect(message).toContain('country_code')
  })

  it('requires type and beds for residential growth only', async () => {
    const residential = await get(app, '/growth', { query: { ...lekki, sector: 'residential' } })
    const message = expectError(residential, 400, 'INVALID_PARAMETERS')
    expect(message).toContain('type is required')
    expect(message).toContain('beds is required')
    expect(
      (
        await get(app, '/growth', {
          query: { location: 'ikoyi', country_code: 'NG', sector: 'land' }
        })
      ).status
    ).toBe(200)
  })

  it('rejects a parameter given twice and a non-string body value', async () => {
    const twice = await get(
      app,
      '/residential-prices?location=ikoyi&location=yaba&country_code=NG&type=rent&beds=2'
    )
    expect(expectError(twice, 400, 'INVALID_PARAMETERS')).toContain('more than once')
    const object = await get(app, '/residential-prices', {
      body: { ...lekki, type: 'rent', beds: { n: 2 } }
    })
    expect(expectError(object, 400, 'INVALID_PARAMETERS')).toContain('beds must be a string')
  })
})

describe('404s', () => {
  it('unknown location for that sector and country', async () => {
    const wrongCountry = await get(app, '/residential-prices', {
      query: { location: 'lekki-phase-1', country_code: 'GH', type: 'rent', beds: '2' }
    })
    expect(expectError(wrongCountry, 404, 'LOCATION_NOT_FOUND')).toContain('lekki-phase-1')
    // yaba has residential data but no land data
    const wrongSector = await get(app, '/land-prices', {
      query: { location: 'yaba', country_code: 'NG' }
    })
    expect(expectError(wrongSector, 404, 'LOCATION_NOT_FOUND')).toContain('land')
  })

  it('no data for that bed type lists the bed types that exist there', async () => {
    const reply = await get(app, '/residential-prices', {
      query: { ...lekki, type: 'rent', beds: '9' }
    })
    const message = expectError(reply, 404, 'BEDS_NOT_FOUND')
    const details = (reply.body['error'] as { details: { available_beds: string[] } }).details
    expect(details.available_beds.length).toBeGreaterThan(0)
    expect(message).toContain(details.available_beds.join(', '))
    const growth = await get(app, '/growth', {
      query: { ...lekki, sector: 'residential', type: 'rent', beds: '9' }
    })
    expectError(growth, 404, 'BEDS_NOT_FOUND')
  })

  it('unknown route', async () => {
    expect(expectError(await get(app, '/prices'), 404, 'ROUTE_NOT_FOUND')).toContain('/prices')
  })
})

describe('bodies', () => {
  it('400 for malformed JSON', async () => {
    expectError(await get(app, '/locations', { body: '{"sector": ' }), 400, 'MALFORMED_BODY')
  })

  it('400 for a JSON body that is not an object', async () => {
    expectError(await get(app, '/locations', { body: '["land"]' }), 400, 'MALFORMED_BODY')
  })

  it('415 for a non-JSON body', async () => {
    const reply = await get(app, '/locations', {
      body: 'sector=land',
      headers: { 'content-type': 'text/plain' }
    })
    expectError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('413 for an oversized body', async () => {
    const reply = await get(app, '/locations', {
      body: JSON.stringify({ sector: 'x'.repeat(20_000) })
    })
    expectError(reply, 413, 'BODY_TOO_LARGE')
  })
})

describe('rate limit', () => {
  it('is off by default', async () => {
    for (let index = 0; index < 30; index += 1) {
      expect((await get(app, '/locations?sector=land')).status).toBe(200)
    }
  })

  it('answers 429 with Retry-After when enabled', async () => {
    const limited = testApp({ rateLimitPerSecond: 2 })
    const statuses: number[] = []
    let last: Reply | undefined
    for (let index = 0; index < 5; index += 1) {
      last = await get(limited, '/locations?sector=land')
      statuses.push(last.status)
    }
    await limited.close()
    expect(statuses.slice(0, 2)).toEqual([200, 200])
    expect(statuses).toContain(429)
    const rejected = last as Reply
    expectError(rejected, 429, 'RATE_LIMITED')
    expect(Number(rejected.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  })
})

describe('over real HTTP', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ apiKey: TEST_KEY })
  })
  afterAll(() => service.close())

  const send = async (method: 'GET' | 'POST' | 'DELETE' | 'PUT', path: string, body?: unknown) => {
    const response = await request(`${service.baseUrl}${path}`, {
      method,
      headers: { 'api-key': TEST_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {})
    })
    return {
      status: response.statusCode,
      headers: response.headers,
      body: (await response.body.json()) as Record<string, unknown>
    }
  }

  it('binds 127.0.0.1 by default', () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('reads parameters from a JSON body on a real GET', async () => {
    const reply = await send('GET', '/residential-prices', { ...lekki, type: 'sale', beds: '2' })
    expect(reply.status).toBe(200)
    expect(reply.body['data']).toMatchObject({ location: 'lekki-phase-1', beds: '2' })
  })

  it.each(['POST', 'PUT', 'DELETE'] as const)(
    'answers 405 with an Allow header to %s',
    async (method) => {
      const reply = await send(method, '/locations', { sector: 'land' })
      expect(reply.status).toBe(405)
      expect(reply.headers['allow']).toBe('GET, HEAD')
      expect(errorCode(reply)).toBe('METHOD_NOT_ALLOWED')
    }
  )
})
