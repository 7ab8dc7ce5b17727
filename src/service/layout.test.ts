import { afterAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  envelopeSchema,
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema
} from '@shared/spec'
import { createAnswerCache } from './answer-cache'
import { frameworkNotFoundBody, routeUrls } from './layout'
import { errorCode, get, TEST_KEY, testApp } from '../../test/support/service/helpers'

const cache = createAnswerCache()
const provider = testApp({ layout: 'provider', answerCache: cache })
const spec = testApp()
const specByOption = testApp({ layout: 'spec' })
afterAll(() => Promise.all([provider.close(), spec.close(), specByOption.close()]))

const lekki = { location: 'lekki-phase-1', country_code: 'NG' }

interface Operation {
  specPath: string
  providerPath: string
  query: Record<string, string>
  payload: z.ZodTypeAny
}

const OPERATIONS: Operation[] = [
  {
    specPath: '/locations',
    providerPath: '/locations',
    query: { sector: 'residential' },
    payload: LocationsPayloadSchema
  },
  {
    specPath: '/residential-prices',
    providerPath: '/v1/residential-prices',
    query: { ...lekki, type: 'rent', beds: '2' },
    payload: ResidentialPricePayloadSchema
  },
  {
    specPath: '/land-prices',
    providerPath: '/v1/land-prices',
    query: { location: 'ikoyi', country_code: 'NG' },
    payload: LandPricePayloadSchema
  },
  {
    specPath: '/growth',
    providerPath: '/v1/growth',
    query: { ...lekki, sector: 'residential', type: 'sale', beds: '3' },
    payload: GrowthPayloadSchema
  },
  {
    specPath: '/growth',
    providerPath: '/v1/growth',
    query: { location: 'ikoyi', country_code: 'NG', sector: 'land' },
    payload: GrowthPayloadSchema
  }
]

const FRAMEWORK_404 = (route: string): Record<string, string> => ({
  message: `The route ${route} could not be found.`
})

describe('provider layout', () => {
  it.each(OPERATIONS.map((operation) => [operation.providerPath, operation] as const))(
    'GET %s answers the envelope with the same figures as the spec layout',
    async (_path, { specPath, providerPath, query, payload }) => {
      const fromProvider = await get(provider, providerPath, { query })
      expect(fromProvider.status).toBe(200)
      envelopeSchema(payload).parse(fromProvider.body)
      const fromSpec = await get(spec, specPath, { query })
      expect(fromSpec.status).toBe(200)
      expect(fromProvider.body).toEqual(fromSpec.body)
    }
  )

  it.each(['residential', 'land'])(
    'takes sector from a JSON body on GET /locations (%s), as one public client sends it',
    async (sector) => {
      const fromBody = await get(provider, '/locations', { body: { sector } })
      expect(fromBody.status).toBe(200)
      const parsed = envelopeSchema(LocationsPayloadSchema).parse(fromBody.body)
      expect(parsed.data.sector).toBe(sector)
      const fromQuery = await get(provider, '/locations', { query: { sector } })
      expect(fromBody.body).toEqual(fromQuery.body)
    }
  )

  it.each([
    ['/residential-prices', 'residential-prices'],
    ['/land-prices', 'land-prices'],
    ['/growth', 'growth'],
    ['/v1/locations', 'v1/locations'],
    ['/v1/prices?location=ikoyi', 'v1/prices'],
    ['/', '/']
  ])('answers %s with the framework 404 body, not the envelope', async (url, route) => {
    const reply = await get(provider, url, { query: { sector: 'land', ...lekki } })
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual(FRAMEWORK_404(route))
    expect(reply.headers['content-type']).toMatch(/^application\/json/)
  })

  it('still checks the key first, on every path', async () => {
    for (const url of ['/locations?sector=land', '/v1/growth', '/growth']) {
      const reply = await get(provider, url, { key: 'wrong-key' })
      expect(reply.status, url).toBe(401)
      expect(errorCode(reply), url).toBe('UNAUTHORIZED')
    }
  })

  it('answers errors on its own routes with the envelope, as the spec layout does', async () => {
    const noBeds = await get(provider, '/v1/residential-prices', {
      query: { ...lekki, type: 'rent', beds: '9' }
    })
    expect(noBeds.status).toBe(404)
    expect(errorCode(noBeds)).toBe('BEDS_NOT_FOUND')
    const invalid = await get(provider, '/locations', { query: { sector: 'offices' } })
    expect(errorCode(invalid)).toBe('INVALID_PARAMETERS')
    const post = await provider.inject({
      method: 'POST',
      url: '/v1/land-prices',
      headers: { 'api-key': TEST_KEY }
    })
    expect(post.statusCode).toBe(405)
    expect(post.json()).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } })
  })

  it('caches answers by route and recognised parameters', async () => {
    const query = { location: 'surulere', country_code: 'NG' }
    const before = cache.stats().entries
    const bodies = new Set<string>()
    for (const options of [{ query }, { query: { ...query, extra: '1' } }, { body: query }]) {
      bodies.add(JSON.stringify((await get(provider, '/v1/land-prices', options)).body))
    }
    expect(bodies.size).toBe(1)
    expect(cache.stats().entries).toBe(before + 1)
  })
})

describe('spec layout (the default) is unchanged', () => {
  it.each(OPERATIONS.map((operation) => [operation.specPath, operation] as const))(
    'serves %s at the root and under /v1/ alike',
    async (_path, { specPath, query }) => {
      const root = await get(specByOption, specPath, { query })
      expect(root.status).toBe(200)
      expect((await get(specByOption, `/v1${specPath}`, { query })).body).toEqual(root.body)
      expect((await get(spec, specPath, { query })).body).toEqual(root.body)
    }
  )

  it('answers an unknown route with the envelope', async () => {
    for (const app of [spec, specByOption]) {
      const reply = await get(app, '/v1/prices')
      expect(reply.status).toBe(404)
      expect(errorCode(reply)).toBe('ROUTE_NOT_FOUND')
    }
  })
})

describe('routeUrls and frameworkNotFoundBody', () => {
  it('places each route per layout', () => {
    expect(routeUrls('spec', '/growth')).toEqual(['/growth', '/v1/growth'])
    expect(routeUrls('provider', '/growth')).toEqual(['/v1/growth'])
    expect(routeUrls('provider', '/locations')).toEqual(['/locations'])
  })

  it('names the requested path without its leading slash and without the query', () => {
    expect(frameworkNotFoundBody('/v1/locations?sector=land')).toEqual(
      FRAMEWORK_404('v1/locations')
    )
    expect(frameworkNotFoundBody('/')).toEqual(FRAMEWORK_404('/'))
  })
})
