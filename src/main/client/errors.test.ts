import { describe, expect, it } from 'vitest'
import {
  classifyTransportError,
  cleanServiceMessage,
  codeForServiceCode,
  saysQuotaExceeded,
  errorCodes
} from './errors'
import { createRedactor } from './redact'
import type { Redactor } from './redact'
import { describeError } from '@shared/errors/next-steps'

const ctx = {
  host: 'api.example.com',
  path: '/v1/locations',
  timeouts: { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 }
}
const identity = createRedactor(undefined)

function withCode(code: string, message = code): Error {
  return Object.assign(new Error(message), { code })
}

describe('classifyTransportError', () => {
  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'TIMEOUT', /Could not connect to api\.example\.com within 5 s/],
    ['UND_ERR_HEADERS_TIMEOUT', 'TIMEOUT', /did not answer within 15 s/],
    ['UND_ERR_BODY_TIMEOUT', 'TIMEOUT', /stopped sending/],
    ['ENOTFOUND', 'NETWORK', /Could not find the host api\.example\.com/],
    ['EAI_AGAIN', 'NETWORK', /Could not find the host/],
    ['ECONNREFUSED', 'NETWORK', /refused the connection\. Check the base URL/],
    ['ECONNRESET', 'NETWORK', /interrupted/],
    ['UND_ERR_SOCKET', 'NETWORK', /interrupted/],
    ['ENETUNREACH', 'NETWORK', /network is unavailable/],
    ['CERT_HAS_EXPIRED', 'NETWORK', /secure connection/],
    ['HPE_INVALID_CONSTANT', 'BAD_RESPONSE', /not valid HTTP/],
    ['SOMETHING_ELSE', 'NETWORK', /Could not reach the service/]
  ] as const)('%s → %s', (code, appCode, message) => {
    const error = classifyTransportError(withCode(code), ctx, identity)
    expect(error.code).toBe(appCode)
    expect(describeError(error, 'app')).toMatch(message)
  })

  it("an answer undici cannot parse is not valid HTTP, though undici also reports the socket's end", () => {
    // As undici throws it: a parser error (no code of its own) under a socket error.
    const parser = Object.assign(new Error('Invalid character in chunk size'), {
      name: 'HTTPParserError'
    })
    const thrown = Object.assign(new Error('other side closed', { cause: parser }), {
      code: 'UND_ERR_SOCKET'
    })
    const error = classifyTransportError(thrown, ctx, identity)
    expect(error.code).toBe('BAD_RESPONSE')
    expect(describeError(error, 'app')).toMatch(/not valid HTTP/)
    expect(classifyTransportError(parser, ctx, identity).code).toBe('BAD_RESPONSE')
  })

  it('recognises "socket hang up" and codes nested in cause / AggregateError', () => {
    expect(classifyTransportError(new Error('socket hang up'), ctx, identity).message).toMatch(
      /interrupted/
    )
    const nested = new AggregateError([withCode('ECONNREFUSED')], 'all failed')
    expect(errorCodes(new Error('outer', { cause: nested }))).toEqual(['ECONNREFUSED'])
    expect(classifyTransportError(nested, ctx, identity).message).toMatch(/refused/)
  })
})

describe('service messages and codes', () => {
  it('cleans and caps service messages', () => {
    expect(cleanServiceMessage('  a\n\tb  ', identity)).toBe('a b')
    expect(cleanServiceMessage(42, identity)).toBeUndefined()
    expect(cleanServiceMessage('   ', identity)).toBeUndefined()
    expect([...(cleanServiceMessage('é'.repeat(400), identity) ?? '')]).toHaveLength(300)
  })

  it('cuts an 8 MB message before redacting and cleaning it: the redactor sees a bounded excerpt', () => {
    const real = createRedactor('SECRET-KEY-1234')
    const seen: number[] = []
    const redactor: Redactor = {
      ...real,
      text: (text) => {
        seen.push(text.length)
        return real.text(text)
      },
      excerpt: (text, maxChars) => {
        seen.push(maxChars)
        return real.excerpt(text, maxChars)
      }
    }
    const huge = `Quota exceeded ${'x\u0007 '.repeat(2_700_000)} SECRET-KEY-1234`
    const cleaned = cleanServiceMessage(huge, redactor) ?? ''
    expect(cleaned.startsWith('Quota exceeded x x')).toBe(true)
    expect([...cleaned].length).toBeGreaterThan(290)
    expect([...cleaned].length).toBeLessThanOrEqual(300)
    expect(cleaned.endsWith('…')).toBe(true)
    expect(Math.max(...seen)).toBeLessThan(20_000)
  })

  it('a key straddling the cut is redacted whole; a short message is not marked as cut', () => {
    const key = 'sk-live-Zq8SECRETvalue42'
    const redactor = createRedactor(key)
    for (let pad = 2_380; pad < 2_400; pad += 1) {
      const cleaned = cleanServiceMessage(`${' '.repeat(pad)}${key}${'y'.repeat(9_000)}`, redactor)
      expect(cleaned).toMatch(/^(?:\[redacted\])?…$/)
    }
    expect(cleanServiceMessage(`bad key ${key}`, redactor)).toBe('bad key [redacted]')
  })

  it('maps service error codes loosely, defaulting to BAD_REQUEST', () => {
    expect(codeForServiceCode('not-found')).toBe('NOT_FOUND')
    expect(codeForServiceCode('Invalid API Key')).toBe('AUTH')
    expect(codeForServiceCode('internal_error')).toBe('SERVER')
    expect(codeForServiceCode('whatever')).toBe('BAD_REQUEST')
    expect(codeForServiceCode(undefined)).toBe('BAD_REQUEST')
    expect(codeForServiceCode('QUOTA_EXCEEDED')).toBe('QUOTA')
    expect(codeForServiceCode('rate-limit-exceeded')).toBe('QUOTA')
    expect(codeForServiceCode('TOO_MANY_REQUESTS')).toBe('RATE_LIMITED')
  })

  it('recognises a quota or a limit used up in a code or a message, not a plain wait', () => {
    expect(saysQuotaExceeded('PLAN_QUOTA', undefined)).toBe(true)
    expect(saysQuotaExceeded(undefined, 'Quota exceeded for this plan')).toBe(true)
    expect(saysQuotaExceeded(undefined, 'Monthly limit reached.')).toBe(true)
    expect(saysQuotaExceeded(undefined, 'You have exceeded your request limit')).toBe(true)
    expect(saysQuotaExceeded('BAD_REQUEST', 'beds is required')).toBe(false)
    expect(saysQuotaExceeded(undefined, 'Slow down')).toBe(false)
  })
})
