/**
 * The app's settings storage: electron-store (mocked `electron` module, real electron-store and
 * conf) behind the guarded file, under the shared settings store with its schema, migrations and
 * hostile-file handling.
 */
import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS, SETTINGS_SCHEMA_VERSION } from '@shared/settings'
import { createElectronStoreStorage } from './electron-store-storage'
import { createSettingsStore } from './settings-store'

const electron = vi.hoisted(() => ({ userData: '', ipcOn: vi.fn() }))

vi.mock('electron', () => {
  const module = {
    app: { getPath: () => electron.userData, getVersion: () => '0.1.0' },
    ipcMain: { on: (...args: unknown[]) => electron.ipcOn(...args) },
    shell: {}
  }
  return { ...module, default: module }
})

const NOW = new Date('2025-03-01T12:00:00.000Z')
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-electron-store-'))
  electron.userData = dir
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const open = (directory = dir) =>
  createSettingsStore({
    directory,
    openStorage: createElectronStoreStorage,
    clock: () => NOW
  })
const settingsFile = () => join(dir, 'settings.json')

describe('settings on electron-store', () => {
  it('a first launch writes settings.json through electron-store, private to the user', () => {
    const store = open()
    expect(store.path).toBe(settingsFile())
    expect(store.notices()).toEqual([])
    // electron-store registers its listener when it is created: it is what wrote the file.
    expect(electron.ipcOn).toHaveBeenCalled()
    const text = readFileSync(settingsFile(), 'utf8')
    expect(JSON.parse(text)).toEqual({
      schemaVersion: SETTINGS_SCHEMA_VERSION,
      settings: DEFAULT_SETTINGS
    })
    expect(text).toBe(
      `${JSON.stringify({ schemaVersion: SETTINGS_SCHEMA_VERSION, settings: DEFAULT_SETTINGS }, null, '\t')}\n`
    )
    expect(statSync(settingsFile()).mode & 0o777).toBe(0o600)
  })

  it('saves updates, the key ciphertext and the window state, and reads them back', () => {
    const store = open()
    expect(store.update({ theme: 'dark' })).toMatchObject({ ok: true })
    expect(store.keyCiphertext.write('Y2lwaGVy')).toBe('saved')
    store.windowState.write({ x: 1, y: 2, width: 1000, height: 700, maximized: false })
    const again = open()
    expect(again.get().theme).toBe('dark')
    expect(again.keyCiphertext.read()).toBe('Y2lwaGVy')
    expect(again.windowState.read()).toEqual({
      x: 1,
      y: 2,
      width: 1000,
      height: 700,
      maximized: false
    })
  })

  it('migrates an older file and rewrites it at the current version', () => {
    writeFileSync(
      settingsFile(),
      JSON.stringify({ schemaVersion: 1, settings: { ...DEFAULT_SETTINGS, theme: 'dark' } })
    )
    const store = open()
    expect(store.get().theme).toBe('dark')
    const written = JSON.parse(readFileSync(settingsFile(), 'utf8')) as { schemaVersion: number }
    expect(written.schemaVersion).toBe(SETTINGS_SCHEMA_VERSION)
  })

  it('a corrupt file is moved aside and reset with a notice', () => {
    writeFileSync(settingsFile(), '{"schemaVersion": 1, "settings": ')
    const store = open()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.notices().join(' ')).toMatch(/not valid JSON.*settings\.corrupt-/)
    expect(readdirSync(dir).filter((name) => name.includes('.corrupt-'))).toHaveLength(1)
  })

  it('a symlink at settings.json is moved aside, never followed or written through', () => {
    const elsewhere = join(dir, 'elsewhere.json')
    writeFileSync(elsewhere, 'do not touch')
    symlinkSync(elsewhere, settingsFile())
    const store = open()
    expect(store.notices().join(' ')).toMatch(/symbolic link/)
    expect(readFileSync(elsewhere, 'utf8')).toBe('do not touch')
    expect(lstatSync(settingsFile()).isFile()).toBe(true)
  })

  it('a folder that cannot hold settings keeps them in memory and says so', () => {
    const notAFolder = join(dir, 'file')
    writeFileSync(notAFolder, '')
    const store = open(notAFolder)
    expect(store.update({ theme: 'light' })).toMatchObject({ ok: true })
    expect(store.get().theme).toBe('light')
    expect(store.notices().join(' ')).toMatch(/could not be saved .*changes last until you quit/)
  })
})
