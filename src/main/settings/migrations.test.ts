import { describe, expect, it } from 'vitest'
import {
  providerLayout,
  routePathProblem,
  RouteLayoutSchema,
  SettingsSchema,
  DEFAULT_SETTINGS,
  specLayout,
  withRouteLayout,
  MAX_ROUTE_LAYOUTS
} from '@shared/settings'
import { SERVICE_OPERATIONS } from '@shared/operations'
import { ROUTED_OPERATIONS } from '@shared/settings'
import { migrateSettings } from './migrations'

describe('settings v1 → v2: route layouts', () => {
  const v1 = {
    ...DEFAULT_SETTINGS,
    baseUrl: 'https://api.example.com/v1',
    parameterPlacement: 'body'
  }
  delete (v1 as Record<string, unknown>)['routeLayouts']

  it('a saved base URL gets the spec layout with the placement it used', () => {
    const migrated = migrateSettings(v1, 1)
    expect(migrated.ok && migrated.settings['routeLayouts']).toEqual({
      'https://api.example.com/v1': specLayout('body')
    })
    expect(migrated.ok && SettingsSchema.safeParse(migrated.settings).success).toBe(true)
  })

  it('no base URL: no layout (the spec layout applies by default)', () => {
    const migrated = migrateSettings({ ...v1, baseUrl: '' }, 1)
    expect(migrated.ok && migrated.settings['routeLayouts']).toEqual({})
  })
})

describe('route layouts', () => {
  it('name exactly the operations that reach the service', () => {
    expect([...ROUTED_OPERATIONS].sort()).toEqual([...SERVICE_OPERATIONS].sort())
  })

  it('profiles are valid layouts', () => {
    expect(RouteLayoutSchema.safeParse(specLayout()).success).toBe(true)
    expect(RouteLayoutSchema.safeParse(providerLayout()).success).toBe(true)
  })

  it.each([
    ['https://evil.example/x', /scheme/],
    ['//evil.example/x', /scheme/],
    ['v1/../admin', /\.\./],
    ['v1/growth?x=1', /query/],
    ['v1/growth#f', /query/],
    ['', /name a path/],
    ['v1//growth', /single slashes/]
  ])('a custom path %s is refused', (path, problem) => {
    expect(routePathProblem(path)).toMatch(problem)
  })

  it.each(['growth', '/v1/growth', 'api/v2/land-prices'])(
    'a custom path %s is accepted',
    (path) => {
      expect(routePathProblem(path)).toBeUndefined()
    }
  )

  it('keeps at most MAX_ROUTE_LAYOUTS base URLs, dropping the oldest', () => {
    let layouts = {}
    for (let i = 0; i <= MAX_ROUTE_LAYOUTS; i += 1) {
      layouts = withRouteLayout(layouts, `https://h${i}.example`, specLayout())
    }
    expect(Object.keys(layouts)).toHaveLength(MAX_ROUTE_LAYOUTS)
    expect(layouts).not.toHaveProperty(['https://h0.example'])
  })
})
