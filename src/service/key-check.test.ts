import { describe, expect, it } from 'vitest'
import { createKeyCheck } from './key-check'

describe('createKeyCheck', () => {
  const matches = createKeyCheck('secret-kéy-7')

  it('accepts only the expected key, whatever was checked before', () => {
    expect(matches('secret-kéy-7')).toBe(true)
    expect(matches('secret-kéy-8')).toBe(false)
    expect(matches('secret-kéy-7')).toBe(true)
    expect(matches('secret-kéy-')).toBe(false)
    expect(matches('secret-kéy-77')).toBe(false)
    expect(matches('secret-kéy-7')).toBe(true)
  })

  it('compares bytes, not characters', () => {
    // 'é' is two bytes in UTF-8: the first key is as long in characters, the second in bytes.
    expect(matches('secret-key-7')).toBe(false)
    expect(matches('secret-key-77')).toBe(false)
    expect(matches('secret-kéy-7')).toBe(true)
  })
})
