import { describe, expect, it } from 'vitest'
import { createRedactor } from './redact'

describe('createRedactor', () => {
  const key = 'abc/d+e "f"'
  const redactor = createRedactor(key)

  it('replaces raw, URL-encoded and JSON-escaped forms in text', () => {
    const text = `raw ${key} url ${encodeURIComponent(key)} json ${JSON.stringify(key)}`
    const out = redactor.text(text)
    expect(out).toBe('raw [redacted] url [redacted] json "[redacted]"')
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

  it('is a no-op without a secret', () => {
    const value = { a: 'text' }
    expect(createRedactor(undefined).deep(value)).toBe(value)
    expect(createRedactor('').text('text')).toBe('text')
  })
})
