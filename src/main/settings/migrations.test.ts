import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/settings'
import {
  providerLayout,
  routePathProblem,
  RouteLayoutSchema,
  SettingsSchema,
  specLayout,
  withRouteLayout,
  MAX_ROUTE_LAYOUTS,
  ROUTED_OPERATIONS
} from '@shared/settings'
import { OPERATION_NAMES } from '@shared/operations'
import { migrateBedTypesToLabelled, migrateSettings } from './migrations'
import { createSettingsStore } from './settings-store'

describe('v1 → v2: labelled bed types', () => {
  it('turns bare values into { value }, in order, with the provider’s known labels', () => {
    const v1 = { rentPeriod: 'month', bedTypes: ['1', '2', 'studio', '4', '5'] }
    expect(migrateBedTypesToLabelled(v1)).toEqual({
      rentPeriod: 'month',
      bedTypes: [
        { value: '1', label: '1 bed / self-contained' },
        { value: '2' },
        { value: 'studio' },
        { value: '4', label: '4 bed / duplex' },
        { value: '5' }
      ]
    })
  })

  it('leaves anything that is not a list of strings for validation to repair', () => {
    expect(migrateBedTypesToLabelled({ bedTypes: 'three' })).toEqual({ bedTypes: 'three' })
    expect(migrateBedTypesToLabelled({ bedTypes: [1, 2] })).toEqual({ bedTypes: [1, 2] })
    expect(migrateBedTypesToLabelled({})).toEqual({})
  })

  it('is the registered step from version 1', () => {
    expect(migrateSettings({ bedTypes: ['3'] }, 1)).toEqual({
      ok: true,
      // Then v2 → v3 adds the (empty) route layouts.
      settings: { bedTypes: [{ value: '3' }], routeLayouts: {} }
    })
  })
})

describe('a version-1 settings file', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'market-settings-v1-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('still loads: its bed types and other choices kept, growth read as per year', () => {
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({
        schemaVersion: 1,
        settings: {
          ...DEFAULT_SETTINGS,
          growthMeaning: undefined,
          bedTypes: ['2', '3'],
          rentPeriod: 'month'
        }
      })
    )
    const store = createSettingsStore({ directory: dir, clock: () => new Date(0) })
    expect(store.notices()).toEqual([])
    expect(store.get()).toMatchObject({
      rentPeriod: 'month',
      growthMeaning: 'per-year',
      bedTypes: [{ value: '2' }, { value: '3' }]
    })
  })
})

describe('settings v2 → v3: route layouts', () => {
  const v2 = {
    ...DEFAULT_SETTINGS,
    baseUrl: 'https://api.example.com/v1',
    parameterPlacement: 'body'
  }
  delete (v2 as Record<string, unknown>)['routeLayouts']

  it('a saved base URL gets the spec layout with the placement it used', () => {
    const migrated = migrateSettings(v2, 2)
    expect(migrated.ok && migrated.settings['routeLayouts']).toEqual({
      'https://api.example.com/v1': specLayout('body')
    })
    expect(migrated.ok && SettingsSchema.safeParse(migrated.settings).success).toBe(true)
  })

  it('no base URL: no layout (the spec layout applies by default)', () => {
    const migrated = migrateSettings({ ...v2, baseUrl: '' }, 2)
    expect(migrated.ok && migrated.settings['routeLayouts']).toEqual({})
  })
})

describe('a version-3 settings file from before the agent block', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'market-settings-v3-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  const write = (settings: Record<string, unknown>) =>
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ schemaVersion: 3, settings }))

  it('loads with an empty agent, every other choice kept, no notice', () => {
    const { agent: _none, ...v3 } = { ...DEFAULT_SETTINGS, rentPeriod: 'month' as const }
    write(v3)
    const store = createSettingsStore({ directory: dir, clock: () => new Date(0) })
    expect(store.notices()).toEqual([])
    expect(store.get()).toMatchObject({
      rentPeriod: 'month',
      agent: { name: '', agency: '', contact: '' }
    })
  })

  it('a hand-edited agent past its bounds is reset alone, the rest kept', () => {
    write({ ...DEFAULT_SETTINGS, theme: 'dark', agent: { name: 'x'.repeat(500) } })
    const store = createSettingsStore({ directory: dir, clock: () => new Date(0) })
    expect(store.get().theme).toBe('dark')
    expect(store.get().agent).toEqual({ name: '', agency: '', contact: '' })
    expect(store.notices().join(' ')).toContain('agent')
  })
})

describe('route layouts', () => {
  it('name operations of the IPC table (each served by the client call of its name)', () => {
    expect(ROUTED_OPERATIONS.filter((name) => !OPERATION_NAMES.includes(name))).toEqual([])
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
