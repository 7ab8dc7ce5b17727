import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/settings'
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
      settings: { bedTypes: [{ value: '3' }] }
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
