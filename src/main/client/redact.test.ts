import { describe, expect, it } from 'vitest'
import { createRedactor, TOO_DEEP } from './redact'
import {
  ECHO_KEYS,
  encodingsFor,
  halvesOf,
  KEY_ENCODINGS
} from '../../../test/support/client/key-encodings'

/** `{ a: [ { a: [ … leaf … ] } ] }`, `levels` containers deep. */
function nest(levels: number, leaf: unknown): unknown {
  let value = leaf
  for (let level = 0; level < levels; level += 1) value = level % 2 ? [value] : { a: value }
  return value
}

describe('createRedactor', () => {
  const key = 'abc/d+e "f"'
  const redactor = createRedactor(key)

  it('replaces raw, URL-encoded and JSON-escaped forms in text', () => {
    const text = `raw ${key} url ${encodeURIComponent(key)} json ${JSON.stringify(key)}`
    const out = redactor.text(text)
    expect(out).toBe('raw [redacted] url [redacted] json "[redacted]"')
  })

  for (const secret of ECHO_KEYS) {
    it.each(encodingsFor(secret))(`finds ${JSON.stringify(secret)} written %s`, (encoding) => {
      const form = KEY_ENCODINGS[encoding](secret)
      const echo = createRedactor(secret)
      const shown = echo.text(`<${form}>`)
      expect(shown).toContain('[redacted]')
      // Left: base64 or base32 of what surrounds the key, and the separator of a split.
      expect(shown.replaceAll('[redacted]', '')).toMatch(/^<[\w+/=]*(?: … )?[\w+/=]*>$/)
      expect(echo.findIn({ list: ['x', `<${form}>`] })).toEqual(['list', 1])
    })
  }

  it('finds either half of a key of 16 characters or more on its own, not of a shorter key', () => {
    const [secret] = ECHO_KEYS
    const [first, second] = halvesOf(secret)
    const echo = createRedactor(secret)
    expect(echo.text(`a ${first} b ${second} c`)).toBe('a [redacted] b [redacted] c')
    expect(echo.findIn({ name: `x${second.toUpperCase()}` })).toEqual(['name'])
    const short = createRedactor('abcd1234')
    expect(short.findIn({ name: 'Block 1234', city: 'abcd' })).toBeUndefined()
  })

  it('redacts deeply (strings, arrays, keys, errors) without touching other values', () => {
    const value = {
      n: 1,
      ok: true,
      none: null,
      list: [`x${key}`, 2],
      [key]: { inner: key },
      error: new Error(`failed with ${key}`)
    }
    expect(redactor.deep(value)).toEqual({
      n: 1,
      ok: true,
      none: null,
      list: ['x[redacted]', 2],
      '[redacted]': { inner: '[redacted]' },
      error: 'Error: failed with [redacted]'
    })
  })

  it('redacts a key nested 40 levels deep in error details or log fields', () => {
    const details = { reason: 'upstream', trace: nest(40, { header: `API-KEY: ${key}` }) }
    const out = JSON.stringify(redactor.deep(details))
    expect(out).not.toContain('abc/d+e')
    expect(out).toContain('API-KEY: [redacted]')
  })

  it('past its depth limit it drops the structure rather than pass the key through', () => {
    const out = JSON.stringify(redactor.deep(nest(200, key)))
    expect(out).not.toContain('abc/d+e')
    expect(out).toContain(TOO_DEEP)
  })

  it('findIn walks any depth and names the path; it ignores numbers', () => {
    const long = createRedactor('12345678')
    expect(long.findIn({ data: { price: 12_345_678, note: 'ok' } })).toBeUndefined()
    expect(long.findIn(nest(5_000, 'x12345678'))).toHaveLength(5_000)
    expect(long.findIn({ locations: [{ name: 'a' }, { name: 'b 12345678' }] })).toEqual([
      'locations',
      1,
      'name'
    ])
    expect(long.findIn({ '12345678': 1 })).toEqual(['12345678'])
  })

  it('keys shorter than 8 characters: exact forms only in text, never matched in data', () => {
    const short = createRedactor('1')
    expect(short.findIn({ slug: 'lekki-phase-1' })).toBeUndefined()
    expect(short.text('KEY 1 / MQ==')).toBe('KEY [redacted] / MQ==')
  })

  it('excerpt reads a bounded prefix and redacts an occurrence cut in half as a whole', () => {
    const secret = ECHO_KEYS[0]
    const echo = createRedactor(secret)
    const value = `${'a'.repeat(95)}${secret}${'b'.repeat(1_000_000)}`
    expect(echo.excerpt(value, 100)).toEqual({ text: `${'a'.repeat(95)}[redacted]`, cut: true })
    expect(echo.excerpt(value, 95)).toEqual({ text: 'a'.repeat(95), cut: true })
    expect(echo.excerpt('short', 100)).toEqual({ text: 'short', cut: false })
  })

  it('is a no-op without a secret', () => {
    const value = { a: 'text' }
    expect(createRedactor(undefined).deep(value)).toBe(value)
    expect(createRedactor('').text('text')).toBe('text')
    expect(createRedactor(undefined).findIn(value)).toBeUndefined()
  })
})
