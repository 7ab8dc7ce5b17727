import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_KEY, testApp } from './test/helpers'

const app = testApp({ rateLimitPerSecond: 1_000_000 })
afterAll(() => app.close())

const PATHS = [
  '/locations',
  '/residential-prices',
  '/growth',
  '/land-prices',
  '/v1/growth',
  '/',
  '/x',
  '/locations/',
  '//growth',
  '/%ZZ',
  '/growth/../locations'
]
const NAMES = [
  'sector',
  'location',
  'country_code',
  'type',
  'beds',
  'x',
  '__proto__',
  'constructor',
  ''
]
const VALUES = [
  'residential',
  'land',
  'rent',
  'sale',
  'lekki-phase-1',
  'ikoyi',
  'NG',
  'ng',
  'GH',
  '2',
  '3',
  '9',
  ''
]

const value = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 200, maxLength: 400 })
)
const queryString = fc
  .array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 6 })
  .map((pairs) =>
    pairs.map(([name, text]) => `${encodeURIComponent(name)}=${encodeURIComponent(text)}`).join('&')
  )
const rawQuery = fc.oneof(
  queryString,
  fc.string({ maxLength: 60 }).map((text) => text.replace(/[#\s]/g, '')),
  fc.constantFrom('%', '%E0%A4%A', 'a=%ZZ', '&&&', '=x', 'sector[]=land')
)
const jsonBody = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom(...NAMES),
      fc.oneof(
        value,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string()),
        fc.object()
      )
    )
    .map((body) => JSON.stringify(body)),
  fc.json(),
  fc.string({ maxLength: 80 }),
  fc.constantFrom('{', '{"sector":', '[]', 'null', '"land"', '{"__proto__":{"x":1}}')
)
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/problem+json',
  'garbage',
  ''
)
const method = fc.constantFrom(
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS'
)
const key = fc.constantFrom(TEST_KEY, TEST_KEY, TEST_KEY, undefined, '', 'wrong')

describe('property: any request gets the JSON envelope and never a 5xx', () => {
  it('holds for 1,500 random requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          path: fc.constantFrom(...PATHS),
          query: rawQuery,
          body: fc.option(jsonBody),
          contentType,
          method,
          key
        }),
        async (input) => {
          const headers: Record<string, string> = {}
          if (input.key !== undefined) headers['api-key'] = input.key
          if (input.contentType !== undefined) headers['content-type'] = input.contentType
          const response = await app.inject({
            method: input.method as 'GET',
            url: `${input.path}${input.query ? `?${input.query}` : ''}`,
            headers,
            ...(input.body !== null ? { payload: input.body } : {})
          })
          expect(response.statusCode).toBeLessThan(500)
          if (input.method === 'HEAD') return
          expect(response.headers['content-type']).toMatch(/^application\/json/)
          const body = JSON.parse(response.body) as Record<string, unknown>
          expect(typeof body['success']).toBe('boolean')
          expect(typeof body['message']).toBe('string')
          if (body['success'] === true) {
            expect(response.statusCode).toBe(200)
            expect(typeof body['data']).toBe('object')
          } else {
            expect(response.statusCode).toBeGreaterThanOrEqual(400)
            expect(body['error']).toMatchObject({ code: expect.any(String) })
          }
        }
      ),
      { numRuns: 1_500 }
    )
  }, 60_000)
})
