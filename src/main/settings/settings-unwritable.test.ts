/**
 * A settings folder that cannot be written (read-only, permission denied): the app keeps its
 * settings in memory, says so once and truthfully, and a session-only key never needs the disk.
 * As root the folder is made read-only for the unprivileged user the store runs as (root ignores
 * file modes); see test/support/settings/hostile-storage.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { createSafeStorageVault } from '../vault/key-vault'
import type { SafeStorageLike } from '../vault/key-vault'
import { createSettingsStore } from './settings-store'
import { memoryFile } from './guarded-file'
import type { GuardedFile } from './guarded-file'
import {
  asUnprivileged,
  makeWritableAgain,
  readOnlyFolderIn
} from '../../../test/support/settings/hostile-storage'

const KEY = 'pk-readonly-4Jw9SECRET'
const SAVED = JSON.stringify({ schemaVersion: 1, settings: { ...DEFAULT_SETTINGS, theme: 'dark' } })

const keychain: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  encryptString: (text) => Buffer.from(`enc:${text}`),
  decryptString: (data) => data.toString().replace(/^enc:/, '')
}

let base: string
let folder: string
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'market-readonly-'))
  folder = readOnlyFolderIn(base, { 'settings.json': SAVED })
})
afterEach(() => {
  makeWritableAgain(folder)
  rmSync(base, { recursive: true, force: true })
})

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('settings in a folder that cannot be written', () => {
  it('reads the saved settings, applies every change in memory and says so once, truthfully', () => {
    const store = asUnprivileged(() => {
      const opened = createSettingsStore({ directory: folder })
      for (const theme of ['light', 'system', 'light'] as const) {
        expect(opened.update({ theme })).toMatchObject({ ok: true, data: { theme } })
      }
      expect(opened.update({ rentPeriod: 'month' })).toMatchObject({ ok: true })
      return opened
    })
    expect(store.get()).toMatchObject({ theme: 'light', rentPeriod: 'month' })
    const notices = store.notices()
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(
      new RegExp(
        `could not be saved to ${escaped(folder)} \\(permission denied\\).*last until you quit`
      )
    )
    expect(notices.join(' ')).not.toMatch(/free space/i)
    expect(readFileSync(join(folder, 'settings.json'), 'utf8')).toBe(SAVED)
  })

  it('a session-only key needs no disk', async () => {
    const pending = asUnprivileged(() => {
      const store = createSettingsStore({ directory: folder })
      const vault = createSafeStorageVault({ safeStorage: keychain, store: store.keyCiphertext })
      return vault.setKey(KEY, 'session').then((status) => ({ status, vault }))
    })
    const { status, vault } = await pending
    expect(status).toMatchObject({ ok: true, data: { hasKey: true, storage: 'session' } })
    expect(vault.getKey()).toBe(KEY)
  })

  it('a key meant to be saved is kept for this session only, and the status says so', async () => {
    const pending = asUnprivileged(() => {
      const store = createSettingsStore({ directory: folder })
      const vault = createSafeStorageVault({ safeStorage: keychain, store: store.keyCiphertext })
      return vault.setKey(KEY, 'persistent')
    })
    const status = await pending
    expect(status).toMatchObject({ ok: true, data: { hasKey: true, storage: 'session' } })
    expect(status.ok && status.data.warning).toMatch(/could not be saved.*this session only/)
    expect(readFileSync(join(folder, 'settings.json'), 'utf8')).toBe(SAVED)
  })
})

/** A storage whose writes fail with `code` (from the `failFrom`-th write on), counting attempts. */
function failingStorage(code: string, failFrom = 0): GuardedFile & { attempts: number } {
  const storage = {
    ...memoryFile(),
    folder: '/data/market',
    path: '/data/market/settings.json',
    attempts: 0,
    write() {
      storage.attempts += 1
      if (storage.attempts > failFrom) {
        throw Object.assign(new Error(`${code}: simulated`), { code })
      }
    }
  }
  return storage
}

describe('write failures through the storage seam', () => {
  it('tries the disk once: after the first failure every change stays in memory', async () => {
    const storage = failingStorage('EROFS')
    const store = createSettingsStore({ directory: '/data/market', openStorage: () => storage })
    for (let round = 0; round < 50; round += 1) {
      expect(store.update({ timeouts: { connectMs: 1_000 + round } }).ok).toBe(true)
    }
    const vault = createSafeStorageVault({ safeStorage: keychain, store: store.keyCiphertext })
    expect(await vault.setKey(KEY, 'persistent')).toMatchObject({ data: { storage: 'session' } })
    expect(await vault.setKey(KEY, 'session')).toMatchObject({ data: { storage: 'session' } })
    expect(storage.attempts).toBe(1)
    expect(store.get().timeouts.connectMs).toBe(1_049)
    expect(store.notices()).toEqual([
      'Settings could not be saved to /data/market (read-only), so changes last until you quit. To keep them, make the folder writable and restart the app.'
    ])
  })

  it('a disk that fills up mid-session: the change still applies, and the notice says why', () => {
    const storage = failingStorage('ENOSPC', 2)
    const store = createSettingsStore({ directory: '/data/market', openStorage: () => storage })
    expect(store.update({ theme: 'dark' }).ok).toBe(true)
    expect(store.notices()).toEqual([])
    expect(store.update({ theme: 'light' })).toMatchObject({ ok: true, data: { theme: 'light' } })
    expect(store.notices()).toHaveLength(1)
    expect(store.notices()[0]).toMatch(/\(the disk is full\).*free some disk space/)
  })

  it('names each kind of failure in the notice', () => {
    const why: Record<string, string> = {
      EROFS: '(read-only)',
      EACCES: '(permission denied)',
      EPERM: '(permission denied)',
      ENOSPC: '(the disk is full)',
      EDQUOT: '(the disk is full)',
      ENOTDIR: '(it is not a folder)',
      EISDIR: '(a folder is in the way)',
      EIO: '(EIO)'
    }
    for (const [code, phrase] of Object.entries(why)) {
      const store = createSettingsStore({
        directory: '/data/market',
        openStorage: () => failingStorage(code)
      })
      expect(store.notices()[0], code).toContain(`to /data/market ${phrase}, so changes last`)
    }
  })

  it('memory by design (the CLI): no notice, and a saved key is reported as kept for the session', async () => {
    const store = createSettingsStore({})
    expect(store.update({ theme: 'dark' }).ok).toBe(true)
    expect(store.notices()).toEqual([])
    expect(store.path).toBe('memory')
    expect(store.keyCiphertext.write('Y2lwaGVy')).toBe('memory')
  })
})
