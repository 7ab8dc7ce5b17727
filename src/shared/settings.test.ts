import { describe, expect, it } from 'vitest'
import {
  AgentSchema,
  BaseUrlSchema,
  DEFAULT_SETTINGS,
  RouteLayoutSchema,
  routePathProblem,
  SettingsSchema,
  SettingsUpdateSchema,
  specLayout
} from './settings'

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

describe('routePathProblem', () => {
  it('refuses . and .. segments however they are percent-encoded', () => {
    for (const path of [
      '../locations',
      '/v1/./growth',
      '%2e%2e/%2e%2e/locations',
      '%2E%2E/locations',
      'v1/%2e/growth',
      'v1/.%2E/growth',
      '/v1/%2e./growth',
      '%2e%2e'
    ]) {
      expect(routePathProblem(path), path).toMatch(/\. or \.\./)
    }
  })

  it('refuses encoded slashes and broken percent-encoding', () => {
    expect(routePathProblem('v1/%2e%2e%2flocations')).toBeDefined()
    expect(routePathProblem('v1/a%2Fb')).toBeDefined()
    expect(routePathProblem('v1/%E0%A4%A')).toBeDefined()
  })

  it('accepts ordinary and percent-encoded paths, with dots inside segments', () => {
    for (const path of ['locations', '/v1/growth', 'api/v1.2/land-prices', 'v1/%7Euser/a..b']) {
      expect(routePathProblem(path), path).toBeUndefined()
    }
  })

  it('keeps a layout whose path climbs out of the base path from being saved', () => {
    const layout = specLayout()
    const climbing = {
      ...layout,
      routes: {
        ...layout.routes,
        listLocations: { path: '%2e%2e/%2e%2e/locations', placement: 'query' }
      }
    }
    expect(RouteLayoutSchema.safeParse(climbing).success).toBe(false)
  })
})

describe("AgentSchema (the report's agent block)", () => {
  it('takes three bounded lines of text, trimmed, and nothing else', () => {
    expect(AgentSchema.parse({ name: ' Ada ', agency: 'Obi & Co', contact: '' })).toEqual({
      name: 'Ada',
      agency: 'Obi & Co',
      contact: ''
    })
    const agent = { name: 'Ada', agency: '', contact: '' }
    for (const bad of [
      { name: 'x'.repeat(81) },
      { contact: 'x'.repeat(161) },
      { agency: 'two\nlines' },
      { website: 'https://x.example' }
    ]) {
      expect(AgentSchema.safeParse({ ...agent, ...bad }).success, JSON.stringify(bad)).toBe(false)
    }
    expect(SettingsUpdateSchema.safeParse({ agent }).success).toBe(true)
    expect(DEFAULT_SETTINGS.agent).toEqual({ name: '', agency: '', contact: '' })
  })
})
