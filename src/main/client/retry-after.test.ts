import { describe, expect, it } from 'vitest'
import { MAX_WAIT_MS } from '@shared/wait'
import { parseRetryAfter } from './retry-after'

const NOW = new Date('2025-03-01T12:00:00.000Z')

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7_000)
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0)
    expect(parseRetryAfter(['2', '9'], NOW)).toBe(2_000)
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', NOW)).toBe(30_000)
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', NOW)).toBe(0)
  })

  it('clamps a huge or endless wait to a day (never Infinity, never years)', () => {
    const day = 24 * 60 * 60 * 1000
    expect(parseRetryAfter('99999999999', NOW)).toBe(day)
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(day)
    expect(parseRetryAfter('Fri, 01 Mar 2030 12:00:00 GMT', NOW)).toBe(day)
    expect(parseRetryAfter('86400', NOW)).toBe(day)
    expect(MAX_WAIT_MS).toBe(day)
  })

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined()
    expect(parseRetryAfter('', NOW)).toBeUndefined()
    expect(parseRetryAfter('soon', NOW)).toBeUndefined()
    expect(parseRetryAfter('-5', NOW)).toBeUndefined()
  })
})
