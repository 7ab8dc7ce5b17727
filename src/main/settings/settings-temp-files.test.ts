/**
 * Temp files a writer killed mid-write leaves beside settings.json are swept at the next start:
 * only names of our writers' temp files, only regular files, only ones older than a minute; a
 * link with such a name is never followed. The settings survive.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, SETTINGS_SCHEMA_VERSION } from '@shared/settings'
import { killWriterMidWrite } from '../../../test/support/settings/hostile-storage'
import { createSettingsStore } from './settings-store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-temp-files-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const TWO_MINUTES_AGO = new Date(Date.now() - 120_000)
const age = (name: string): void => utimesSync(join(dir, name), TWO_MINUTES_AGO, TWO_MINUTES_AGO)
const temps = (): string[] => readdirSync(dir).filter((name) => name.includes('.tmp'))
const savedFile = JSON.stringify({
  schemaVersion: SETTINGS_SCHEMA_VERSION,
  settings: { ...DEFAULT_SETTINGS, theme: 'dark' }
})

describe('stray temp files beside settings.json', () => {
  it('stale ones are removed at start; fresh ones, links, folders and other files stay', () => {
    writeFileSync(join(dir, 'settings.json'), savedFile)
    const stale = [
      'settings.json.tmp-17400000001a2b3c',
      '.settings.json.0123456789ab.tmp',
      'settings.json.4242.tmp'
    ]
    for (const name of stale) {
      writeFileSync(join(dir, name), '{"half": ')
      age(name)
    }
    writeFileSync(join(dir, 'settings.json.tmp-17400000009f8e7d'), '{}')
    writeFileSync(join(dir, 'elsewhere.txt'), 'do not touch')
    symlinkSync(join(dir, 'elsewhere.txt'), join(dir, '.settings.json.aaaaaaaaaaaa.tmp'))
    mkdirSync(join(dir, '.settings.json.bbbbbbbbbbbb.tmp'))
    writeFileSync(join(dir, 'notes.tmp'), 'mine')
    for (const name of ['.settings.json.bbbbbbbbbbbb.tmp', 'notes.tmp']) age(name)

    const store = createSettingsStore({ directory: dir })
    expect(store.get().theme).toBe('dark')
    expect(store.notices()).toEqual([])
    expect(temps().sort()).toEqual(
      [
        '.settings.json.aaaaaaaaaaaa.tmp',
        '.settings.json.bbbbbbbbbbbb.tmp',
        'notes.tmp',
        'settings.json.tmp-17400000009f8e7d'
      ].sort()
    )
    expect(lstatSync(join(dir, '.settings.json.aaaaaaaaaaaa.tmp')).isSymbolicLink()).toBe(true)
    expect(readFileSync(join(dir, 'elsewhere.txt'), 'utf8')).toBe('do not touch')
  })

  it('a writer killed mid-write: its temp files are gone after the next start, settings intact', async () => {
    const killed = await killWriterMidWrite(dir, { timeoutMs: 20_000, holdBeforeRename: true })
    expect(killed.held).toBe(true)
    expect(temps()).toHaveLength(1)
    for (const name of temps()) age(name)
    const store = createSettingsStore({ directory: dir })
    expect(temps()).toEqual([])
    expect(store.notices()).toEqual([])
    expect(store.get().timeouts.connectMs).toBeGreaterThanOrEqual(1_000)
    expect(readdirSync(dir).filter((name) => name.includes('corrupt'))).toEqual([])
  }, 30_000)
})
