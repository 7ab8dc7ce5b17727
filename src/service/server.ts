/** The embedded Property Market Data Service over HTTP (fastify). */
import { timingSafeEqual } from 'node:crypto'
import Fastify from 'fastify'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_KEY_HEADER } from '../shared/spec'
import type { Answered } from './answers'
import { answerGrowth, answerLandPrice, answerLocations, answerResidentialPrice } from './answers'
import type { Dataset } from './dataset'
import { bundledDatasetLoaded } from './dataset'
import { createAnswerCache } from './answer-cache'
import type { CachedAnswer } from './answer-cache'
import { errorBody } from './errors'
import type { ServiceError } from './errors'
import type { RawParams } from './params'
import {
  mergeParams,
  parseGrowthParams,
  parseLandPriceParams,
  parseLocationsParams,
  parseResidentialPriceParams
} from './params'
import { createRateLimiter } from './rate-limit'

export interface ServiceOptions {
  apiKey: string
  dataset?: Dataset
  /** Requests a second before answering 429; off when undefined. */
  rateLimitPerSecond?: number
  logger?: boolean
  /** Cache serialised answers of bodyless GETs by URL (default true; off to measure the full path). */
  answerCache?: boolean
}

export const MAX_BODY_BYTES = 16 * 1024
const NON_GET_METHODS = ['DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'TRACE', 'QUERY'] as const
const JSON_TYPE = 'application/json; charset=utf-8'

type RouteAnswer = (dataset: Dataset, params: RawParams) => Answered<unknown>

const ROUTES: Record<string, RouteAnswer> = {
  '/locations': (dataset, params) => {
    const parsed = parseLocationsParams(params)
    return parsed.ok ? answerLocations(dataset, parsed.value.sector) : parsed
  },
  '/residential-prices': (dataset, params) => {
    const parsed = parseResidentialPriceParams(params)
    return parsed.ok ? answerResidentialPrice(dataset, parsed.value) : parsed
  },
  '/growth': (dataset, params) => {
    const parsed = parseGrowthParams(params)
    return parsed.ok ? answerGrowth(dataset, parsed.value) : parsed
  },
  '/land-prices': (dataset, params) => {
    const parsed = parseLandPriceParams(params)
    return parsed.ok ? answerLandPrice(dataset, parsed.value) : parsed
  }
}

/** Constant-time for keys of the right length; a wrong length is rejected at once. */
function keyMatches(supplied: string, expected: Buffer): boolean {
  const candidate = Buffer.from(supplied)
  return candidate.length === expected.length && timingSafeEqual(candidate, expected)
}

function sendError(
  reply: FastifyReply,
  error: ServiceError,
  headers: Record<string, string> = {}
): FastifyReply {
  return reply
    .code(error.status)
    .headers(headers)
    .type(JSON_TYPE)
    .send(JSON.stringify(errorBody(error)))
}

const serialisedError = (error: ServiceError): CachedAnswer => ({
  status: error.status,
  body: JSON.stringify(errorBody(error))
})

function bodyError(error: FastifyError): ServiceError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message:
          'Send parameters as a JSON body (Content-Type: application/json) or as query parameters.'
      }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: 'BODY_TOO_LARGE',
        message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`
      }
    case 'MALFORMED_BODY':
      return {
        status: 400,
        code: 'MALFORMED_BODY',
        message: `The request body is not valid JSON: ${error.message}`
      }
    default: {
      const status = error.statusCode ?? 500
      return status < 500
        ? {
            status,
            code: 'BAD_REQUEST',
            message: `The request could not be read: ${error.message}`
          }
        : {
            status: 500,
            code: 'INTERNAL_ERROR',
            message: 'The service failed to answer this request.'
          }
    }
  }
}

function parseJsonBody(
  _request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void
): void {
  if (body.trim() === '') return done(null, undefined)
  try {
    done(
      null,
      JSON.parse(body, (key, value: unknown) => (key === '__proto__' ? undefined : value))
    )
  } catch (error) {
    const failure = new Error(
      error instanceof Error ? error.message : 'invalid JSON'
    ) as FastifyError
    Object.assign(failure, { code: 'MALFORMED_BODY', statusCode: 400 })
    done(failure)
  }
}

export function createServiceApp(options: ServiceOptions): FastifyInstance {
  const dataset = options.dataset ?? bundledDatasetLoaded()
  const expectedKey = Buffer.from(options.apiKey)
  const answers = createAnswerCache()
  const useCache = options.answerCache ?? true
  const limiter = options.rateLimitPerSecond
    ? createRateLimiter(options.rateLimitPerSecond)
    : undefined
  const meta = JSON.stringify({
    dataset: {
      name: dataset.file.name,
      illustrative: dataset.file.illustrative,
      notice: dataset.file.notice
    }
  })

  const admissionError = (supplied: unknown): ServiceError | undefined => {
    if (typeof supplied !== 'string' || supplied === '') {
      return {
        status: 401,
        code: 'UNAUTHORIZED',
        message: `Missing API key. Send your key in the ${API_KEY_HEADER} header.`
      }
    }
    if (!keyMatches(supplied, expectedKey)) {
      return { status: 401, code: 'UNAUTHORIZED', message: 'Invalid API key.' }
    }
    const wait = limiter?.take() ?? 0
    if (wait === 0) return undefined
    const seconds = Math.ceil(wait / 1000)
    return {
      status: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Retry after ${seconds} s.`,
      details: { retry_after_seconds: seconds }
    }
  }

  const answerRequest = (answerFor: RouteAnswer, query: unknown, body: unknown): CachedAnswer => {
    const merged = mergeParams(query, body)
    if (!merged.ok) return serialisedError(merged.error)
    const answered = answerFor(dataset, merged.params)
    if (!answered.ok) return serialisedError(answered.error)
    const { message, data } = answered.answer
    return {
      status: 200,
      body: `{"success":true,"message":${JSON.stringify(message)},"data":${JSON.stringify(data)},"meta":${meta}}`
    }
  }

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: (error, _request, reply) => {
      sendError(reply, {
        status: 400,
        code: 'BAD_REQUEST',
        message: `The request could not be read: ${error.message}`
      })
    }
  })
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    /^application\/(?:[\w.-]+\+)?json$/,
    { parseAs: 'string' },
    parseJsonBody
  )

  // Synchronous hook (no promise per request): answering ends the request, done() lets it through.
  app.addHook('onRequest', (request, reply, done) => {
    const rejection = admissionError(request.headers[API_KEY_HEADER.toLowerCase()])
    if (!rejection) return done()
    const retryAfter = rejection.details?.['retry_after_seconds']
    sendError(reply, rejection, retryAfter ? { 'Retry-After': String(retryAfter) } : {})
  })

  for (const [path, answerFor] of Object.entries(ROUTES)) {
    for (const url of [path, `/v1${path}`]) {
      app.get(url, (request, reply) => {
        const cacheable = useCache && request.body === undefined
        const answer =
          (cacheable ? answers.get(request.url) : undefined) ??
          answerRequest(answerFor, request.query, request.body)
        if (cacheable) answers.set(request.url, answer)
        return reply.code(answer.status).type(JSON_TYPE).send(answer.body)
      })
      app.route({
        method: [...NON_GET_METHODS],
        url,
        handler: (request, reply) =>
          sendError(
            reply,
            {
              status: 405,
              code: 'METHOD_NOT_ALLOWED',
              message: `${request.method} is not allowed on ${url}: this service is read-only, use GET.`
            },
            { Allow: 'GET, HEAD' }
          )
      })
    }
  }

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, {
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}. Routes: GET ${Object.keys(ROUTES).join(', ')}.`
    })
  )
  app.setErrorHandler((error: FastifyError, _request, reply) => sendError(reply, bodyError(error)))
  return app
}

export interface StartServiceOptions extends ServiceOptions {
  host?: string
  port?: number
}

export interface RunningService {
  baseUrl: string
  port: number
  close(): Promise<void>
}

export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const app = createServiceApp(options)
  const host = options.host ?? '127.0.0.1'
  await app.listen({ host, port: options.port ?? 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
  const urlHost = host.includes(':') ? `[${host}]` : host
  return { baseUrl: `http://${urlHost}:${port}`, port, close: () => app.close() }
}
