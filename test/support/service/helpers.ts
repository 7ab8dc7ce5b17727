import type { FastifyInstance } from 'fastify'
import { createServiceApp } from '../../../src/service/server'
import type { ServiceOptions } from '../../../src/service/server'

export const TEST_KEY = 'test-key-7f3a9c'

export function testApp(options: Partial<ServiceOptions> = {}): FastifyInstance {
  return createServiceApp({ apiKey: TEST_KEY, ...options })
}

export interface Reply {
  status: number
  headers: Record<string, unknown>
  body: Record<string, unknown>
}

/** GET with the test key; `query` goes in the query string, `body` as a JSON body. */
export async function get(
  app: FastifyInstance,
  path: string,
  options: {
    query?: Record<string, string>
    body?: unknown
    key?: string | null
    headers?: Record<string, string>
  } = {}
): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) }
  if (options.key !== null) headers['api-key'] = options.key ?? TEST_KEY
  if (options.body !== undefined) headers['content-type'] ??= 'application/json'
  const response = await app.inject({
    method: 'GET',
    url: path,
    ...(options.query ? { query: options.query } : {}),
    headers,
    ...(options.body !== undefined
      ? { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }
      : {})
  })
  return { status: response.statusCode, headers: response.headers, body: response.json() }
}

export function errorCode(reply: Reply): unknown {
  return (reply.body['error'] as { code?: unknown } | undefined)?.code
}
