/**
 * Answers for requests that fail before a route runs: fastify's own errors (content type, body
 * size, bad JSON) and what Node's HTTP server would otherwise answer by itself with a bare status
 * (unparsable requests, oversized request lines and headers, timeouts, Expect, CONNECT). Each one
 * is the service's JSON envelope.
 */
import { maxHeaderSize, STATUS_CODES } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError } from 'fastify'
import { badRequest, errorAnswer } from './errors'
import type { ServiceError } from './errors'

export const JSON_TYPE = 'application/json; charset=utf-8'
export const MAX_BODY_BYTES = 16 * 1024
export const ALLOWED_METHODS = 'GET, HEAD'
/** How long a connection answered at the socket level stays open for the client to read it. */
const LINGER_MS = 1_000

export const methodNotAllowed = (method: string, path: string): ServiceError => ({
  code: 'METHOD_NOT_ALLOWED',
  message: `${method} is not allowed on ${path}: this service is read-only, use GET.`
})

const UNSUPPORTED_MEDIA_TYPE: ServiceError = {
  code: 'UNSUPPORTED_MEDIA_TYPE',
  message: 'Send parameters as a JSON body (Content-Type: application/json) or as query parameters.'
}

/** fastify's errors while reading a request, as the service's errors. */
export function requestReadError(error: FastifyError): ServiceError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return UNSUPPORTED_MEDIA_TYPE
    case 'UNSUPPORTED_CHARSET':
      return {
        ...UNSUPPORTED_MEDIA_TYPE,
        message: `JSON bodies must be UTF-8 (got charset=${error.message}): send Content-Type: application/json.`
      }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        code: 'BODY_TOO_LARGE',
        message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`
      }
    case 'MALFORMED_BODY':
      return {
        code: 'MALFORMED_BODY',
        message: `The request body is not valid JSON: ${error.message}`
      }
    default: {
      const status = error.statusCode ?? 500
      return status < 500
        ? { ...badRequest(`The request could not be read: ${error.message}`), status }
        : { code: 'INTERNAL_ERROR', message: 'The service failed to answer this request.' }
    }
  }
}

/** A whole HTTP/1.1 response carrying the envelope, for a socket no ServerResponse is writing to. */
export function rawEnvelopeResponse(
  error: ServiceError,
  headers: Record<string, string> = {}
): string {
  const { status, body } = errorAnswer(error)
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    `Content-Type: ${JSON_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
  ]
  return `${lines.join('\r\n')}\r\n\r\n${body}`
}

/**
 * Writes `response` and closes. The socket is detached from Node's HTTP parser (which would report
 * every further chunk of a broken request again) and drained for a moment, so the client is not
 * reset before it reads the answer.
 */
export function answerAndClose(socket: Duplex, response: string): void {
  if (socket.destroyed || socket.writableEnded) return
  socket.removeAllListeners('data')
  socket.on('data', () => undefined)
  socket.end(response)
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

const PARSER_PROBLEMS: Record<string, string> = {
  HPE_INVALID_METHOD: 'the method is not one HTTP defines',
  HPE_INVALID_CONTENT_LENGTH: 'Content-Length is not a number',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'Content-Length and Transfer-Encoding are both set',
  HPE_INVALID_TRANSFER_ENCODING: 'Transfer-Encoding is invalid',
  HPE_INVALID_CHUNK_SIZE: 'the chunked body is malformed',
  HPE_PAUSED_H2_UPGRADE: 'HTTP/2 is not supported, use HTTP/1.1',
  HPE_INVALID_VERSION: 'the HTTP version is not supported, use HTTP/1.1'
}

export interface TimeLimits {
  headersTimeoutMs: number
  requestTimeoutMs: number
}

/** The envelope for an error Node's HTTP parser or its timers raised on a connection. */
export function connectionError(code: string | undefined, limits: TimeLimits): ServiceError {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      code: 'HEADERS_TOO_LARGE',
      message: `The request line and headers are larger than ${maxHeaderSize} bytes. Send long parameters in a JSON body instead.`
    }
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      code: 'REQUEST_TIMEOUT',
      message: `The request did not arrive in time: headers are awaited ${limits.headersTimeoutMs / 1000} s and the whole request ${limits.requestTimeoutMs / 1000} s.`
    }
  }
  const problem = (code && PARSER_PROBLEMS[code]) ?? 'it is not well-formed'
  return {
    code: 'BAD_REQUEST',
    message: `The request could not be read as HTTP/1.1: ${problem}. Send a GET with parameters in the query string or a JSON body.`,
    details: code ? { parser_error: code } : {}
  }
}

/** For fastify's clientErrorHandler: Node's 'clientError' (bad framing, 431, 408). */
export function clientErrorAnswerer(limits: TimeLimits) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    // A response already on its way cannot be replaced (Node's own handler checks the same).
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage
    if (inFlight?.headersSent) {
      socket.destroy()
      return
    }
    answerAndClose(socket, rawEnvelopeResponse(connectionError(error.code, limits)))
  }
}

/** For Node's 'checkExpectation': an Expect other than 100-continue. */
export function answerExpectation(request: IncomingMessage): void {
  const error: ServiceError = {
    code: 'EXPECTATION_FAILED',
    message: `The service cannot meet "Expect: ${String(request.headers.expect).slice(0, 80)}": send the request without it.`
  }
  answerAndClose(request.socket, rawEnvelopeResponse(error))
}

/** For Node's 'connect': CONNECT asks for a tunnel, which this service does not offer. */
export function answerConnect(request: IncomingMessage, socket: Duplex): void {
  const error = methodNotAllowed('CONNECT', (request.url ?? '').slice(0, 80))
  answerAndClose(socket, rawEnvelopeResponse(error, { Allow: ALLOWED_METHODS }))
}
