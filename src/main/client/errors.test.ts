import { describe, expect, it } from 'vitest'
import {
  classifyTransportError,
  cleanServiceMessage,
  codeForServiceCode,
  errorCodes
} from './errors'

const ctx = {
  host: 'api.example.com',
  path: '/v1/locations',
  timeouts: { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 }
}
const identity = (text: string): string => text

function withCode(code: string, message = code): Error {
  return Object.assign(new Error(message), { code })
}

describe('classifyTransportError', () => {
  it.each([
    [
      'UND_ERR_CONNECT_TIMEOUT',
      'TIMEOUT',
      false,
      /Could not connect to api\.example\.com within 5 s/
    ],
    ['UND_ERR_HEADERS_TIMEOUT', 'TIMEOUT', false, /did not answer within 15 s/],
    ['UND_ERR_BODY_TIMEOUT', 'TIMEOUT', false, /stopped sending/],
    ['ENOTFOUND', 'NETWORK', false, /Could not find the host api\.example\.com/],
    ['EAI_AGAIN', 'NETWORK', true, /Could not find the host/],
    ['ECONNREFUSED', 'NETWORK', true, /refused the connection\. Check the base URL/],
    ['ECONNRESET', 'NETWORK', true, /interrupted/],
    ['UND_ERR_SOCKET', 'NETWORK', true, /interrupted/],
    ['ENETUNREACH', 'NETWORK', false, /network is unavailable/],
    ['CERT_HAS_EXPIRED', 'NETWORK', false, /secure connection/],
    ['HPE_INVALID_CONSTANT', 'BAD_RESPONSE', false, /not valid HTTP/],
    ['SOMETHING_ELSE', 'NETWORK', false, /Could not reach the service/]
  ] as const)('%s → %s (retryable: %s)', (code, appCode, retryable, message) => {
    const failure = classifyTransportError(withCode(code), ctx, identity)
    expect(failure.error.code).toBe(appCode)
    expect(failure.retryable).toBe(retryable)
    expect(failure.error.message).toMatch(message)
  })

  it('recognises "socket hang up" and codes nested in cause / AggregateError', () => {
    expect(classifyTransportError(new Error('socket hang up'), ctx, identity).retryable).toBe(true)
    const nested = new AggregateError([withCode('ECONNREFUSED')], 'all failed')
    expect(errorCodes(new Error('outer', { cause: nested }))).toEqual(['ECONNREFUSED'])
    expect(classifyTransportError(nested, ctx, identity).error.message).toMatch(/refused/)
  })
})

describe('service messages and codes', () => {
  it('cleans and caps service messages', () => {
    expect(cleanServiceMessage('  a\n\tb  ', identity)).toBe('a b')
    expect(cleanServiceMessage(42, identity)).toBeUndefined()
    expect(cleanServiceMessage('   ', identity)).toBeUndefined()
    expect([...(cleanServiceMessage('é'.repeat(400), identity) ?? '')]).toHaveLength(300)
  })

  it('maps service error codes loosely, defaulting to BAD_REQUEST', () => {
    expect(codeForServiceCode('not-found')).toBe('NOT_FOUND')
    expect(codeForServiceCode('Invalid API Key')).toBe('AUTH')
    expect(codeForServiceCode('internal_error')).toBe('SERVER')
    expect(codeForServiceCode('whatever')).toBe('BAD_REQUEST')
    expect(codeForServiceCode(undefined)).toBe('BAD_REQUEST')
  })
})
