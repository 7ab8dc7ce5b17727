/**
 * Every way a request can go wrong below the routes (content types, bodies, framing, size limits,
 * methods, timeouts), as raw HTTP/1.1, with the answer the service must give: the JSON envelope
 * and the right status. Used by src/service/http-edges.test.ts and the service-hardening
 * reliability row.
 */
import { ErrorEnvelopeSchema } from '@shared/spec'
import type { RawReply } from './raw-http'

export interface EdgeCase {
  name: string
  /** The request, as chunks written in order, for one route path such as /v1/locations. */
  chunks(path: string, key: string): string[]
  expected: { status: number; code?: string; allow?: string }
  /** Waits on the server's request timeout (needs a server with short timeouts). */
  slow?: boolean
}

/** Node's default limit on the request line plus headers. */
const OVER_HEADER_LIMIT = 20_000

const head = (
  method: string,
  target: string,
  key: string,
  headers: Record<string, string> = {}
): string =>
  [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    `API-KEY: ${key}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
  ].join('\r\n') + '\r\n\r\n'

/** A request (a GET unless told) with a body of the given content type. */
const withBody = (
  path: string,
  key: string,
  contentType: string,
  body: string,
  method = 'GET'
): string[] => [
  head(method, path, key, {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body))
  }),
  body
]

/** Valid parameters for each route, so a well-formed request answers 200. */
export const ROUTE_PARAMS: Record<string, Record<string, string>> = {
  '/locations': { sector: 'land' },
  '/residential-prices': {
    location: 'lekki-phase-1',
    country_code: 'NG',
    type: 'rent',
    beds: '2'
  },
  '/growth': { location: 'ikoyi', country_code: 'NG', sector: 'land' },
  '/land-prices': { location: 'ikoyi', country_code: 'NG' }
}

export const EDGE_PATHS = Object.keys(ROUTE_PARAMS).flatMap((path) => [path, `/v1${path}`])

const paramsOf = (path: string): Record<string, string> =>
  ROUTE_PARAMS[path.replace(/^\/v1/, '')] ?? {}
const jsonParams = (path: string): string => JSON.stringify(paramsOf(path))
const withQuery = (path: string): string =>
  `${path}?${new URLSearchParams(paramsOf(path)).toString()}`

const METHOD_NOT_ALLOWED = { status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'GET, HEAD' }

export const EDGE_CASES: readonly EdgeCase[] = [
  {
    name: 'JSON body with a charset parameter',
    chunks: (path, key) => withBody(path, key, 'application/json; charset=utf-8', jsonParams(path)),
    expected: { status: 200 }
  },
  {
    name: 'JSON body, media type in capitals and a quoted charset',
    chunks: (path, key) =>
      withBody(path, key, 'Application/JSON;Charset="UTF-8"', jsonParams(path)),
    expected: { status: 200 }
  },
  {
    name: 'no body, Content-Type application/json; charset=utf-8',
    chunks: (path, key) => [
      head('GET', withQuery(path), key, { 'Content-Type': 'application/json; charset=utf-8' })
    ],
    expected: { status: 200 }
  },
  {
    name: 'no body, Content-Type text/plain',
    chunks: (path, key) => [head('GET', withQuery(path), key, { 'Content-Type': 'text/plain' })],
    expected: { status: 200 }
  },
  {
    name: 'no body, Content-Type that is not a media type',
    chunks: (path, key) => [head('GET', withQuery(path), key, { 'Content-Type': 'nonsense' })],
    expected: { status: 200 }
  },
  {
    name: 'text/plain body',
    chunks: (path, key) => withBody(path, key, 'text/plain', 'sector=land'),
    expected: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }
  },
  {
    name: 'body with a Content-Type that is not a media type',
    chunks: (path, key) => withBody(path, key, 'nonsense', jsonParams(path)),
    expected: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }
  },
  {
    name: 'JSON body in a charset other than UTF-8',
    chunks: (path, key) =>
      withBody(path, key, 'application/json; charset=iso-8859-1', jsonParams(path)),
    expected: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }
  },
  {
    name: 'malformed JSON body',
    chunks: (path, key) => withBody(path, key, 'application/json', '{"sector": '),
    expected: { status: 400, code: 'MALFORMED_BODY' }
  },
  {
    name: 'JSON body that is not an object',
    chunks: (path, key) => withBody(path, key, 'application/json', '["land"]'),
    expected: { status: 400, code: 'MALFORMED_BODY' }
  },
  {
    name: 'body over 16 KiB',
    chunks: (path, key) =>
      withBody(path, key, 'application/json', JSON.stringify({ x: 'y'.repeat(20_000) })),
    expected: { status: 413, code: 'BODY_TOO_LARGE' }
  },
  {
    name: 'chunked body that breaks chunked framing',
    chunks: (path, key) => [
      head('GET', path, key, {
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked'
      }),
      'zz\r\n{}\r\n0\r\n\r\n'
    ],
    expected: { status: 400, code: 'BAD_REQUEST' }
  },
  {
    name: 'Content-Length and Transfer-Encoding together',
    chunks: (path, key) => [
      head('GET', path, key, {
        'Content-Type': 'application/json',
        'Content-Length': '2',
        'Transfer-Encoding': 'chunked'
      }),
      '0\r\n\r\n'
    ],
    expected: { status: 400, code: 'BAD_REQUEST' }
  },
  {
    name: 'Content-Length that is not a number',
    chunks: (path, key) => [
      head('GET', path, key, { 'Content-Type': 'application/json', 'Content-Length': 'ten' })
    ],
    expected: { status: 400, code: 'BAD_REQUEST' }
  },
  {
    name: 'request line over the header limit',
    chunks: (path, key) => [
      head('GET', `${withQuery(path)}&x=${'a'.repeat(OVER_HEADER_LIMIT)}`, key)
    ],
    expected: { status: 431, code: 'HEADERS_TOO_LARGE' }
  },
  {
    name: 'one header over the header limit',
    chunks: (path, key) => [
      head('GET', withQuery(path), key, { 'X-Padding': 'a'.repeat(OVER_HEADER_LIMIT) })
    ],
    expected: { status: 431, code: 'HEADERS_TOO_LARGE' }
  },
  {
    name: 'many small headers over the header limit together',
    chunks: (path, key) => [
      head(
        'GET',
        withQuery(path),
        key,
        Object.fromEntries(
          Array.from({ length: 500 }, (_, index) => [`X-Padding-${index}`, 'a'.repeat(40)])
        )
      )
    ],
    expected: { status: 431, code: 'HEADERS_TOO_LARGE' }
  },
  {
    name: 'a method HTTP does not know',
    chunks: (path, key) => [head('FROB', path, key)],
    expected: { status: 400, code: 'BAD_REQUEST' }
  },
  {
    name: 'bytes that are not HTTP',
    chunks: () => ['\u0016\u0003\u0001 hello there\r\n\r\n'],
    expected: { status: 400, code: 'BAD_REQUEST' }
  },
  {
    name: 'HTTP/2 connection preface',
    chunks: () => ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
    expected: { status: 400, code: 'BAD_REQUEST' }
  },
  {
    name: 'POST with a large body',
    chunks: (path, key) =>
      withBody(path, key, 'application/json', JSON.stringify({ x: 'y'.repeat(20_000) }), 'POST'),
    expected: METHOD_NOT_ALLOWED
  },
  ...['DELETE', 'PATCH', 'PUT', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH', 'M-SEARCH'].map(
    (method): EdgeCase => ({
      name: `${method} on a route`,
      chunks: (path, key) => [head(method, path, key)],
      expected: METHOD_NOT_ALLOWED
    })
  ),
  {
    name: 'QUERY on a route, without a Content-Type',
    chunks: (path, key) => [head('QUERY', path, key)],
    expected: METHOD_NOT_ALLOWED
  },
  {
    name: 'CONNECT',
    chunks: (_path, key) => [head('CONNECT', '127.0.0.1:443', key)],
    expected: METHOD_NOT_ALLOWED
  },
  {
    name: 'HTTP/1.1 request without a Host header',
    chunks: (path, key) => [head('GET', withQuery(path), key).replace('Host: 127.0.0.1\r\n', '')],
    expected: { status: 400, code: 'BAD_REQUEST' }
  },
  {
    name: 'an Expect the service cannot meet',
    chunks: (path, key) => [head('GET', withQuery(path), key, { Expect: 'a-miracle' })],
    expected: { status: 417, code: 'EXPECTATION_FAILED' }
  },
  {
    name: 'unknown route under the same prefix',
    chunks: (path, key) => [head('GET', `${path}-nope`, key)],
    expected: { status: 404, code: 'ROUTE_NOT_FOUND' }
  },
  {
    name: 'headers that never finish',
    chunks: (path, key) => [head('GET', withQuery(path), key).replace(/\r\n\r\n$/, '\r\n')],
    expected: { status: 408, code: 'REQUEST_TIMEOUT' },
    slow: true
  },
  {
    name: 'body that never finishes',
    chunks: (path, key) => [
      head('GET', path, key, { 'Content-Type': 'application/json', 'Content-Length': '100' }),
      '{"sector":'
    ],
    expected: { status: 408, code: 'REQUEST_TIMEOUT' },
    slow: true
  }
]

/** What is wrong with a raw reply to `edge` (empty when it is the expected answer). */
export function edgeReplyProblems(edge: EdgeCase, reply: RawReply): string[] {
  const problems: string[] = []
  if (reply.status !== edge.expected.status) {
    problems.push(
      `status ${reply.status || `none (${reply.ended})`}, expected ${edge.expected.status}`
    )
  }
  if (!/^application\/json\b/.test(reply.headers['content-type'] ?? '')) {
    problems.push(`content-type ${reply.headers['content-type'] ?? 'missing'}`)
  }
  const length = Number(reply.headers['content-length'])
  if (reply.headers['content-length'] !== undefined && length !== Buffer.byteLength(reply.body)) {
    problems.push(`content-length ${length} for a ${Buffer.byteLength(reply.body)}-byte body`)
  }
  let body: unknown
  try {
    body = JSON.parse(reply.body)
  } catch {
    return [...problems, `body is not JSON: ${reply.body.slice(0, 80)}`]
  }
  if (edge.expected.code === undefined) {
    if ((body as { success?: unknown }).success !== true) problems.push('success is not true')
    return problems
  }
  const envelope = ErrorEnvelopeSchema.safeParse(body)
  if (!envelope.success) return [...problems, `not the error envelope: ${reply.body.slice(0, 80)}`]
  if (envelope.data.error?.code !== edge.expected.code) {
    problems.push(`code ${String(envelope.data.error?.code)}, expected ${edge.expected.code}`)
  }
  if (envelope.data.message.trim() === '') problems.push('empty message')
  if (edge.expected.allow !== undefined && reply.headers['allow'] !== edge.expected.allow) {
    problems.push(`Allow ${reply.headers['allow'] ?? 'missing'}`)
  }
  return problems
}
