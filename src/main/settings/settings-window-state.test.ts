import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, SETTINGS_SCHEMA_VERSION } from '@shared/settings'
import { createSettingsStore } from './settings-store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-window-state-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const open = () => createSettingsStore({ directory: dir })
const file = () => join(dir, 'settings.json')
const bounds = { x: 10, y: 20, width: 1200, height: 800, maximized: true }

describe('window state in the settings file', () => {
  it('is saved beside the settings and read back by the next launch', () => {
    const store = open()
    expect(store.windowState.read()).toBeUndefined()
    expect(store.windowState.write(bounds)).toBe('saved')
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({
      schemaVersion: SETTINGS_SCHEMA_VERSION,
      settings: DEFAULT_SETTINGS,
      windowState: bounds
    })
    expect(open().windowState.read()).toEqual(bounds)
  })

  it('survives a settings update and a saved key, and an unchanged file is not rewritten', () => {
    const store = open()
    store.windowState.write(bounds)
    store.keyCiphertext.write('c2VjcmV0')
    store.update({ rentPeriod: 'month' })
    const written = readFileSync(file(), 'utf8')
    const before = statSync(file()).mtimeMs
    const again = open()
    expect(again.windowState.read()).toEqual(bounds)
    expect(again.keyCiphertext.read()).toBe('c2VjcmV0')
    expect(again.get().rentPeriod).toBe('month')
    expect(again.windowState.write(bounds)).toBe('saved')
    expect(readFileSync(file(), 'utf8')).toBe(written)
    expect(statSync(file()).mtimeMs).toBe(before)
  })

  it('a window state that is not an object is dropped, the settings kept', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        schemaVersion: SETTINGS_SCHEMA_VERSION,
        settings: { ...DEFAULT_SETTINGS, rentPeriod: 'month' },
        windowState: 'everywhere'
      })
    )
    const store = open()
    expect(store.windowState.read()).toBeUndefined()
    expect(store.get().rentPeriod).toBe('month')
    expect(store.notices()).toEqual([])
  })

  it('the page cannot reach it: it is not part of the settings the page reads', () => {
    const store = open()
    store.windowState.write(bounds)
    expect(store.get()).not.toHaveProperty('windowState')
  })
})
