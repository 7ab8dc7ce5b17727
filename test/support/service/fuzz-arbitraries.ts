/**
 * Random requests for the service's property tests (src/service/fuzz.test.ts) and the reliability
 * suite's 10,000-request run: known and unknown paths, odd query strings, GET JSON bodies, content
 * types, methods and keys.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import {
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema
} from '@shared/spec'
import { TEST_KEY } from './helpers'

const PAYLOAD_SCHEMAS: Record<string, { safeParse(value: unknown): { success: boolean } }> = {
  '/locations': LocationsPayloadSchema,
  '/residential-prices': ResidentialPricePayloadSchema,
  '/growth': GrowthPayloadSchema,
  '/land-prices': LandPricePayloadSchema
}

export const PATHS = [
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
  '',
  'constructor',
  'toString',
  '__proto__'
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

export interface FuzzRequest {
  path: string
  query: string
  body: string | null
  contentType: string | undefined
  method: string
  key: string | undefined
}

export const serviceRequest: fc.Arbitrary<FuzzRequest> = fc.record({
  path: fc.constantFrom(...PATHS),
  query: rawQuery,
  body: fc.option(jsonBody),
  contentType,
  method,
  key
})

/** Sends one random request; returns what is wrong with the answer ([] when it is fine). */
export async function envelopeProblems(
  app: FastifyInstance,
  input: FuzzRequest
): Promise<{ status: number; problems: string[] }> {
  const headers: Record<string, string> = {}
  if (input.key !== undefined) headers['api-key'] = input.key
  if (input.contentType !== undefined) headers['content-type'] = input.contentType
  const response = await app.inject({
    method: input.method as 'GET',
    url: `${input.path}${input.query ? `?${input.query}` : ''}`,
    headers,
    ...(input.body !== null ? { payload: input.body } : {})
  })
  const status = response.statusCode
  const problems: string[] = []
  if (status >= 500) problems.push(`status ${status}`)
  if (input.method === 'HEAD') return { status, problems }
  if (!/^application\/json/.test(String(response.headers['content-type']))) {
    problems.push(`content-type ${String(response.headers['content-type'])}`)
  }
  let body: Record<string, unknown>
  try {
    body = JSON.parse(response.body) as Record<string, unknown>
  } catch {
    return { status, problems: [...problems, 'body is not JSON'] }
  }
  if (typeof body['success'] !== 'boolean') problems.push('no boolean success')
  if (typeof body['message'] !== 'string') problems.push('no string message')
  if (body['success'] === true) {
    if (status !== 200) problems.push(`success with status ${status}`)
    if (typeof body['data'] !== 'object' || body['data'] === null) problems.push('no data object')
    const schema = PAYLOAD_SCHEMAS[input.path.replace(/^\/v1/, '')]
    if (schema && !schema.safeParse(body['data']).success) problems.push('data breaks the spec')
  } else {
    if (status < 400) problems.push(`failure with status ${status}`)
    const error = body['error'] as { code?: unknown } | undefined
    if (typeof error?.code !== 'string') problems.push('no error.code')
  }
  return { status, problems }
}

/** A request each route must serve (the fuzz's near-valid requests start from these). */
export const VALID_PARAMS: Record<string, Record<string, string>> = {
  '/locations': { sector: 'residential' },
  '/residential-prices': { location: 'lekki-phase-1', country_code: 'NG', type: 'rent', beds: '2' },
  '/growth': {
    location: 'ikoyi',
    country_code: 'NG',
    sector: 'residential',
    type: 'sale',
    beds: '3'
  },
  '/land-prices': { location: 'ikoyi', country_code: 'NG' }
}

/** A valid request for one of the four routes with some parameters swapped for odd values. */
export const nearValidRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    route: fc.constantFrom(...Object.keys(VALID_PARAMS)),
    v1: fc.boolean(),
    inBody: fc.boolean(),
    mutations: fc.dictionary(fc.constantFrom(...NAMES), fc.option(value), { maxKeys: 2 }),
    key: fc.constantFrom(TEST_KEY, TEST_KEY, TEST_KEY, TEST_KEY, 'wrong')
  })
  .map(({ route, v1, inBody, mutations, key }) => {
    const params = Object.fromEntries(
      Object.entries({ ...VALID_PARAMS[route], ...mutations }).filter(
        (entry): entry is [string, string] => entry[1] !== null
      )
    )
    const query = new URLSearchParams(params).toString()
    return {
      path: `${v1 ? '/v1' : ''}${route}`,
      query: inBody ? '' : query,
      body: inBody ? JSON.stringify(params) : null,
      contentType: inBody ? 'application/json' : undefined,
      method: 'GET',
      key
    }
  })
