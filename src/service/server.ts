/** The embedded Property Market Data Service over HTTP (fastify). */
import { METHODS } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import Fastify from 'fastify'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_KEY_HEADER } from '@shared/spec'
import { capConnectionsPerAddress } from './address-cap'
import { ROUTES } from './answers'
import type { Answered, Route } from './answers'
import type { Dataset } from './dataset'
import { bundledDatasetLoaded } from './dataset'
import { answerCacheKey, createAnswerCache } from './answer-cache'
import type { AnswerCache, CachedAnswer } from './answer-cache'
import {
  ALLOWED_METHODS,
  answerConnect,
  answerExpectation,
  clientErrorAnswerer,
  JSON_TYPE,
  MAX_BODY_BYTES,
  methodNotAllowed,
  requestReadError
} from './edge-answers'
import { badRequest, errorAnswer } from './errors'
import type { Outcome, ServiceError } from './errors'
import { createKeyCheck } from './key-check'
import { DEFAULT_SERVICE_LAYOUT, frameworkNotFoundBody, routeUrls } from './layout'
import type { ServiceLayout } from './layout'
import { mergeParams } from './params'
import type { RawParams } from './params'
import { createRateLimiter } from './rate-limit'

export const DEFAULT_SERVER_LIMITS = {
  /** Connections open at once; Node closes any beyond this as it arrives. */
  maxConnections: 256,
  /**
   * Connections one client address may hold at once; any beyond are closed as they arrive. One
   * address cannot hold every slot (a slowloris), and what it holds is freed within seconds.
   */
  maxConnectionsPerAddress: 64,
  /** Time for the request line and headers to arrive (408 after). */
  headersTimeoutMs: 5_000,
  /** Time for the whole request, body included, to arrive (408 after). */
  requestTimeoutMs: 10_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** A connection with no traffic at all is closed after this. */
  idleTimeoutMs: 60_000
}

export type ServerLimits = typeof DEFAULT_SERVER_LIMITS

export interface ServiceOptions {
  apiKey: string
  dataset?: Dataset
  /** Requests a second before answering 429; off when undefined. */
  rateLimitPerSecond?: number
  /** Where serialised answers are kept (default: a new cache, bounded in bytes); yours can be observed. */
  answerCache?: AnswerCache
  limits?: Partial<ServerLimits>
  /**
   * Where routes live (default `spec`: at the root and under /v1/). `provider` mimics the real
   * provider: /locations at the root, the rest under /v1/ only, unknown routes answered with a
   * framework-style `{ message }` 404 instead of the envelope.
   */
  layout?: ServiceLayout
}

/** Methods answered 405 on a route; CONNECT is answered by answerConnect. */
const OTHER_METHODS = METHODS.filter((method) => !['GET', 'HEAD', 'CONNECT'].includes(method))

function sendAnswer(
  reply: FastifyReply,
  { status, body }: CachedAnswer,
  headers: Record<string, string> = {}
): FastifyReply {
  return reply.code(status).headers(headers).type(JSON_TYPE).send(body)
}

const sendError = (reply: FastifyReply, error: ServiceError, headers?: Record<string, string>) =>
  sendAnswer(reply, errorAnswer(error), headers)

function parseJsonBody(
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void
): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1]
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    return done(Object.assign(new Error(charset.slice(0, 40)), { code: 'UNSUPPORTED_CHARSET' }))
  }
  if (body.trim() === '') return done(null, undefined)
  try {
    done(
      null,
      JSON.parse(body, (key, value: unknown) => (key === '__proto__' ? undefined : value))
    )
  } catch (error) {
    const failure = new Error(error instanceof Error ? error.message : 'invalid JSON')
    done(Object.assign(failure, { code: 'MALFORMED_BODY', statusCode: 400 }))
  }
}

/** fastify's own test, so that both agree on which requests have a body to parse. */
const hasBody = (headers: IncomingHttpHeaders): boolean => {
  const length = headers['content-length']
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** Looked up on every request: one constant string, not a new lower-cased one each time. */
const KEY_HEADER = API_KEY_HEADER.toLowerCase()

function serialise(answered: Answered<unknown>, meta: string): CachedAnswer {
  if (!answered.ok) return errorAnswer(answered.error)
  const { message, data } = answered.value
  const body = `{"success":true,"message":${JSON.stringify(message)},"data":${JSON.stringify(data)},"meta":${meta}}`
  return { status: 200, body }
}

export function createServiceApp(options: ServiceOptions): FastifyInstance {
  const dataset = options.dataset ?? bundledDatasetLoaded()
  const keyMatches = createKeyCheck(options.apiKey)
  const answers = options.answerCache ?? createAnswerCache()
  const layout = options.layout ?? DEFAULT_SERVICE_LAYOUT
  const limits = { ...DEFAULT_SERVER_LIMITS, ...options.limits }
  limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs)
  const limiter = options.rateLimitPerSecond
    ? createRateLimiter(options.rateLimitPerSecond)
    : undefined
  const { name, illustrative, notice } = dataset.file
  const meta = JSON.stringify({ dataset: { name, illustrative, notice } })

  /** The route's answer: kept, else made and kept (refused parameters are answered, not kept). */
  const answerOf = (path: string, route: Route, merged: Outcome<RawParams>): CachedAnswer => {
    if (!merged.ok) return errorAnswer(merged.error)
    const key = answerCacheKey(path, route.names, merged.value)
    const kept = key === undefined ? undefined : answers.get(key)
    if (kept) return kept
    const resolved = route.resolve(dataset, merged.value)
    // Not cached: there are endless variations of invalid parameters.
    if (!resolved.ok) return errorAnswer(resolved.error)
    const answer = serialise(resolved.value, meta)
    if (key !== undefined) answers.set(key, answer)
    return answer
  }

  const admissionError = (request: IncomingMessage): ServiceError | undefined => {
    const { headers } = request
    if (headers.host === undefined && request.httpVersion === '1.1')
      return badRequest('An HTTP/1.1 request must carry a Host header.')
    const supplied = headers[KEY_HEADER]
    const missing = typeof supplied !== 'string' || supplied === ''
    if (missing || !keyMatches(supplied)) {
      const message = missing
        ? `Missing API key. Send your key in the ${API_KEY_HEADER} header.`
        : 'Invalid API key.'
      return { code: 'UNAUTHORIZED', message }
    }
    const wait = limiter?.take() ?? 0
    if (wait === 0) return undefined
    const seconds = Math.ceil(wait / 1000)
    return {
      code: 'RATE_LIMITED',
      message: `Too many requests. Retry after ${seconds} s.`,
      details: { retry_after_seconds: seconds }
    }
  }

  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    // Node's own 400 for a missing Host is bare: the admission check answers it instead.
    http: {
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, limits.headersTimeoutMs / 2))
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    // Requests that arrive while closing are answered normally (fastify's 503 has no envelope).
    return503OnClosing: false,
    clientErrorHandler: clientErrorAnswerer(limits),
    frameworkErrors: (error, _request, reply) => sendError(reply, requestReadError(error))
  })
  app.server.maxConnections = limits.maxConnections
  capConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress)
  app.server.on('checkExpectation', answerExpectation)
  app.server.on('connect', answerConnect)
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true })
  for (const method of OTHER_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method)
  }
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    /^application\/(?:[\w.-]+\+)?json(?:;|$)/,
    { parseAs: 'string' },
    parseJsonBody
  )
  // Synchronous hook (no promise per request): answering ends the request, done() lets it through.
  app.addHook('onRequest', (request, reply, done) => {
    const rejection = admissionError(request.raw)
    if (rejection) {
      const retryAfter = rejection.details?.['retry_after_seconds']
      sendError(reply, rejection, retryAfter ? { 'Retry-After': String(retryAfter) } : {})
      return
    }
    // A request without a body has nothing to parse: its Content-Type, if any, does not matter.
    const { headers } = request.raw
    if (headers['content-type'] !== undefined && !hasBody(headers)) delete headers['content-type']
    done()
  })

  for (const [path, route] of Object.entries(ROUTES)) {
    for (const url of routeUrls(layout, path)) {
      app.get(url, (request, reply) => {
        sendAnswer(reply, answerOf(path, route, mergeParams(request.query, request.body)))
      })
      app.route({
        method: OTHER_METHODS,
        url,
        // Answered before any body is read.
        onRequest: (request, reply, _done) => {
          sendError(reply, methodNotAllowed(request.method, url), { Allow: ALLOWED_METHODS })
        },
        handler: () => undefined
      })
    }
  }

  app.setNotFoundHandler((request, reply) => {
    if (layout === 'provider') {
      const body = JSON.stringify(frameworkNotFoundBody(request.url))
      return sendAnswer(reply, { status: 404, body })
    }
    return sendError(reply, {
      code: 'ROUTE_NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}. Routes: GET ${Object.keys(ROUTES).join(', ')}.`
    })
  })
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    sendError(reply, requestReadError(error))
  )
  return app
}

export interface RunningService {
  baseUrl: string
  port: number
  close(): Promise<void>
}

export async function startService(
  options: ServiceOptions & { host?: string; port?: number }
): Promise<RunningService> {
  const app = createServiceApp(options)
  const host = options.host ?? '127.0.0.1'
  await app.listen({ host, port: options.port ?? 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  const urlHost = host.includes(':') ? `[${host}]` : host
  return { baseUrl: `http://${urlHost}:${port}`, port, close: () => app.close() }
}
