import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, SETTINGS_SCHEMA_VERSION } from '@shared/settings'
import { migrateSettings } from './migrations'
import { createSettingsStore } from './settings-store'

const NOW = new Date('2025-03-01T12:00:00.000Z')
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-settings-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const open = () => createSettingsStore({ directory: dir, clock: () => NOW })
const fileContent = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>

describe('settings store', () => {
  it('starts with the defaults and stores the schema version', () => {
    const store = open()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.notices()).toEqual([])
    expect(store.path).toBe(join(dir, 'settings.json'))
    expect(fileContent()).toEqual({
      schemaVersion: SETTINGS_SCHEMA_VERSION,
      settings: DEFAULT_SETTINGS
    })
  })

  it('merges a valid update, persists it and reads it back in a new store', () => {
    const store = open()
    const result = store.update({ rentPeriod: 'month', timeouts: { connectMs: 2_000 } })
    expect(result).toEqual({
      ok: true,
      data: {
        ...DEFAULT_SETTINGS,
        rentPeriod: 'month',
        timeouts: { ...DEFAULT_SETTINGS.timeouts, connectMs: 2_000 }
      }
    })
    expect(open().get().rentPeriod).toBe('month')
    expect(open().get().timeouts.connectMs).toBe(2_000)
  })

  it('treats undefined fields in an update as unchanged', () => {
    const store = open()
    store.update({ baseUrl: 'https://api.example.com/v1' })
    const result = store.update({ baseUrl: undefined, theme: 'dark' })
    expect(result.ok && result.data.baseUrl).toBe('https://api.example.com/v1')
  })

  it('rejects an invalid update naming the field, and keeps the old settings', () => {
    const store = open()
    const result = store.update({ baseUrl: 'http://api.example.com' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('INVALID_INPUT')
    expect(result.error.message).toContain('baseUrl')
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    const typo = store.update({ rentPeriodd: 'month' } as never)
    expect(typo.ok).toBe(false)
  })

  it('returns copies: mutating what get() returned changes nothing', () => {
    const store = open()
    store.get().bedTypes.push({ value: '99' })
    expect(store.get().bedTypes).toEqual(DEFAULT_SETTINGS.bedTypes)
  })

  it('current() is the live settings, frozen, and follows every update', () => {
    const store = open()
    expect(() => (store.current().bedTypes as { value: string }[]).push({ value: '99' })).toThrow(
      TypeError
    )
    expect(Object.isFrozen(store.current().timeouts)).toBe(true)
    store.update({ offlineMode: true, timeouts: { connectMs: 900 } })
    expect(store.current()).toMatchObject({ offlineMode: true, timeouts: { connectMs: 900 } })
    expect(store.current()).toEqual(store.get())
  })

  it('backs up a file that is not JSON, resets to defaults and reports it', () => {
    writeFileSync(join(dir, 'settings.json'), '{"schemaVersion": 1, "settings": {oops')
    const store = open()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    const backup = 'settings.corrupt-2025-03-01T12-00-00-000Z.json'
    expect(readdirSync(dir)).toContain(backup)
    expect(readFileSync(join(dir, backup), 'utf8')).toContain('oops')
    expect(store.notices()).toHaveLength(1)
    expect(store.notices()[0]).toContain('not valid JSON')
    expect(store.notices()[0]).toContain(backup)
    expect(fileContent()['schemaVersion']).toBe(SETTINGS_SCHEMA_VERSION)
  })

  it('keeps every valid setting when some fail the schema, backs up the file and says which', () => {
    const bad = {
      schemaVersion: 1,
      settings: {
        ...DEFAULT_SETTINGS,
        rentPeriod: 'fortnight',
        theme: 'dark',
        baseUrl: 'https://api.example.com/v1',
        bedTypes: 'three',
        timeouts: { connectMs: -5, headersMs: 9_000, bodyMs: 'slow' }
      },
      apiKeyCiphertext: 'Y2lwaGVy'
    }
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(bad))
    const store = open()
    expect(store.get()).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      baseUrl: 'https://api.example.com/v1',
      timeouts: { ...DEFAULT_SETTINGS.timeouts, headersMs: 9_000 }
    })
    expect(store.keyCiphertext.read()).toBe('Y2lwaGVy')
    expect(store.notices()).toHaveLength(1)
    for (const field of ['rentPeriod', 'bedTypes', 'timeouts.connectMs', 'timeouts.bodyMs']) {
      expect(store.notices()[0]).toContain(field)
    }
    expect(store.notices()[0]).toContain('the others were kept')
    const backup = readdirSync(dir).find((name) => name.startsWith('settings.corrupt-'))
    expect(backup && JSON.parse(readFileSync(join(dir, backup), 'utf8'))).toEqual(bad)
    expect(open().notices()).toEqual([])
    expect(open().get().theme).toBe('dark')
  })

  it('moves a folder found in place of the file aside and starts afresh', () => {
    mkdirSync(join(dir, 'settings.json'))
    writeFileSync(join(dir, 'settings.json', 'inside.txt'), 'kept')
    const store = open()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    const moved = readdirSync(dir).find((name) => name.startsWith('settings.corrupt-'))
    expect(moved && readFileSync(join(dir, moved, 'inside.txt'), 'utf8')).toBe('kept')
    expect(store.notices()[0]).toContain(`A copy of the old file was saved as ${moved}`)
    expect(store.update({ theme: 'dark' }).ok).toBe(true)
    expect(open().get().theme).toBe('dark')
  })

  it('keeps settings in memory, and says so, when nothing can be written', () => {
    const notAFolder = join(dir, 'plain-file')
    writeFileSync(notAFolder, 'x')
    const store = createSettingsStore({ directory: notAFolder, clock: () => NOW })
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.notices()).toEqual([
      `Settings could not be saved to ${notAFolder} (it is not a folder), so changes last until you quit. To keep them, check that path and restart the app.`
    ])
    expect(store.update({ theme: 'dark' })).toMatchObject({ ok: true })
    expect(store.get().theme).toBe('dark')
  })

  it('resets a file written by a newer app version, and one without a version', () => {
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ schemaVersion: 99, settings: DEFAULT_SETTINGS })
    )
    expect(open().notices()[0]).toContain('newer version')
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark' }))
    expect(open().notices()[0]).toContain('no settings')
    writeFileSync(join(dir, 'settings.json'), '[1, 2]')
    expect(open().get()).toEqual(DEFAULT_SETTINGS)
  })

  it('fills fields missing from an older file with defaults without a notice', () => {
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({
        schemaVersion: 1,
        settings: { theme: 'dark', timeouts: { connectMs: 900 } }
      })
    )
    const store = open()
    expect(store.notices()).toEqual([])
    expect(store.get()).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      timeouts: { ...DEFAULT_SETTINGS.timeouts, connectMs: 900 }
    })
  })

  it('stores and clears the key ciphertext beside the settings', () => {
    const store = open()
    store.keyCiphertext.write('c2VjcmV0LWNpcGhlcg==')
    expect(open().keyCiphertext.read()).toBe('c2VjcmV0LWNpcGhlcg==')
    store.update({ theme: 'light' })
    expect(open().keyCiphertext.read()).toBe('c2VjcmV0LWNpcGhlcg==')
    store.keyCiphertext.write(undefined)
    expect(fileContent()).not.toHaveProperty('apiKeyCiphertext')
    expect(open().get().theme).toBe('light')
  })
})

describe('migrateSettings', () => {
  it('runs each step up to the target version', () => {
    const steps = {
      1: (s: Record<string, unknown>) => ({ ...s, added: true }),
      2: (s: Record<string, unknown>) => ({ ...s, second: 2 })
    }
    expect(migrateSettings({ a: 1 }, 1, steps, 3)).toEqual({
      ok: true,
      settings: { a: 1, added: true, second: 2 }
    })
    expect(migrateSettings({}, 1, {}, 2)).toEqual({
      ok: false,
      reason: 'no migration from schema version 1'
    })
    expect(migrateSettings({}, 0).ok).toBe(false)
  })
})
