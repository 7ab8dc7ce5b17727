import { describe, expect, it } from 'vitest'
import { BaseUrlSchema, DEFAULT_SETTINGS, SettingsSchema, SettingsUpdateSchema } from './settings'

describe('BaseUrlSchema', () => {
  it('accepts https and loopback http', () => {
    expect(BaseUrlSchema.safeParse('https://api.example.com/v1').success).toBe(true)
    expect(BaseUrlSchema.safeParse('http://127.0.0.1:8787').success).toBe(true)
    expect(BaseUrlSchema.safeParse('http://localhost:8787/').success).toBe(true)
    expect(BaseUrlSchema.safeParse('http://[::1]:8787/').success).toBe(true)
    expect(BaseUrlSchema.safeParse('').success).toBe(true)
  })

  it('rejects plain http to a remote host, credentials, queries and junk', () => {
    expect(BaseUrlSchema.safeParse('http://api.example.com').success).toBe(false)
    expect(BaseUrlSchema.safeParse('https://user:pw@api.example.com').success).toBe(false)
    expect(BaseUrlSchema.safeParse('https://api.example.com/?key=1').success).toBe(false)
    expect(BaseUrlSchema.safeParse('not a url').success).toBe(false)
    expect(BaseUrlSchema.safeParse('file:///etc/passwd').success).toBe(false)
  })
})

describe('SettingsSchema', () => {
  it('accepts the defaults', () => {
    expect(SettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS)
  })

  it('rejects unknown keys in an update so typos are not silently dropped', () => {
    expect(SettingsUpdateSchema.safeParse({ rentPeriod: 'month' }).success).toBe(true)
    expect(SettingsUpdateSchema.safeParse({ rentPeriodd: 'month' }).success).toBe(false)
    expect(SettingsUpdateSchema.safeParse({ timeouts: { connectMs: 10 } }).success).toBe(false)
  })
})
