/**
 * Whatever sits where settings.json should be, start-up answers: a FIFO (would block a read for
 * ever), a symlink to /dev/zero (would grow without end), a file far larger than settings ever
 * are. Each is moved aside untouched, the settings start from defaults and the user is told.
 * Writes replace a symlink at settings.json instead of writing through it.
 * The FIFO and /dev/zero cases run in a child process bounded in time and memory.
 */
import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { createSettingsStore } from './settings-store'
import { makeFifo, openStoreInChild } from '../../../test/support/settings/hostile-storage'

const NOW = new Date('2025-03-01T12:00:00.000Z')
const BACKUP = 'settings.corrupt-2025-03-01T12-00-00-000Z.json'
const CHILD_TIMEOUT_MS = 30_000
const darkFile = JSON.stringify({
  schemaVersion: 1,
  settings: { ...DEFAULT_SETTINGS, theme: 'dark' }
})

let dir: string
let settingsPath: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-hostile-'))
  settingsPath = join(dir, 'settings.json')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const open = () => createSettingsStore({ directory: dir, clock: () => NOW })
const backups = (): string[] => readdirSync(dir).filter((name) => name.includes('.corrupt-'))

describe('settings.json that is not a small regular file', () => {
  it('a FIFO: start-up answers with defaults and a notice; the FIFO is moved aside', async () => {
    makeFifo(settingsPath)
    const child = await openStoreInChild(dir, { timeoutMs: CHILD_TIMEOUT_MS })
    expect(child.answer, `child: ${child.signal ?? child.exitCode} ${child.stderr}`).not.toBeNull()
    expect(child.answer?.settings).toEqual(DEFAULT_SETTINGS)
    expect(child.answer?.notices.join(' ')).toMatch(
      /not a regular file.*saved as settings\.corrupt-/
    )
    const [moved] = backups()
    expect(moved && lstatSync(join(dir, moved)).isFIFO()).toBe(true)
    expect(lstatSync(settingsPath).isFile()).toBe(true)
  }, 60_000)

  it('a symlink to /dev/zero: start-up answers; the link is moved aside, never read', async () => {
    symlinkSync('/dev/zero', settingsPath)
    const child = await openStoreInChild(dir, { timeoutMs: CHILD_TIMEOUT_MS })
    expect(child.answer, `child: ${child.signal ?? child.exitCode} ${child.stderr}`).not.toBeNull()
    expect(child.answer?.settings).toEqual(DEFAULT_SETTINGS)
    expect(child.answer?.notices.join(' ')).toMatch(/symbolic link/)
    const [moved] = backups()
    expect(moved && readlinkSync(join(dir, moved))).toBe('/dev/zero')
    expect(lstatSync(settingsPath).isFile()).toBe(true)
  }, 60_000)

  it('a file larger than settings ever are is moved aside whole, without being read', () => {
    const padded = darkFile.replace('{', `{${' '.repeat(1024 * 1024)}`)
    writeFileSync(settingsPath, padded)
    const store = open()
    expect(store.get()).toEqual(DEFAULT_SETTINGS)
    expect(store.notices()).toHaveLength(1)
    expect(store.notices()[0]).toMatch(/larger than 1 MiB/)
    expect(store.notices()[0]).toContain(BACKUP)
    expect(statSync(join(dir, BACKUP)).size).toBe(Buffer.byteLength(padded))
  })

  it('a symlink found at start-up is moved aside; its target is never read or written', () => {
    const target = join(dir, 'elsewhere.json')
    writeFileSync(target, darkFile)
    symlinkSync(target, settingsPath)
    const store = open()
    expect(store.get().theme).toBe(DEFAULT_SETTINGS.theme)
    expect(store.notices()[0]).toMatch(/symbolic link/)
    expect(store.update({ theme: 'light', rentPeriod: 'month' }).ok).toBe(true)
    expect(readFileSync(target, 'utf8')).toBe(darkFile)
    expect(readlinkSync(join(dir, BACKUP))).toBe(target)
    expect(lstatSync(settingsPath).isFile()).toBe(true)
    expect(open().get().rentPeriod).toBe('month')
  })

  it('a symlink put in place after start-up is replaced by the next write, not written through', () => {
    const store = open()
    const target = join(dir, 'elsewhere.json')
    writeFileSync(target, darkFile)
    unlinkSync(settingsPath)
    symlinkSync(target, settingsPath)
    expect(store.update({ rentPeriod: 'month' }).ok).toBe(true)
    store.keyCiphertext.write('Y2lwaGVy')
    expect(readFileSync(target, 'utf8')).toBe(darkFile)
    expect(lstatSync(settingsPath).isFile()).toBe(true)
    expect(JSON.parse(readFileSync(settingsPath, 'utf8'))).toMatchObject({
      settings: { rentPeriod: 'month' },
      apiKeyCiphertext: 'Y2lwaGVy'
    })
  })
})
