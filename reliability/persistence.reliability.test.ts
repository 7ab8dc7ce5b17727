/**
 * Persistence faults in main: a damaged settings file or a saved key that cannot be decrypted.
 * For each case the real core starts (real settings store, real safeStorage vault over a fake OS
 * keychain), still answers, tells the user through the app-wide notices, backs up what it could
 * not use byte for byte, and keeps whatever was valid.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createAppCore } from '../src/main/core/app-core'
import type { SafeStorageLike } from '../src/main/vault/key-vault'
import { createSafeStorageVault } from '../src/main/vault/key-vault'
import { DEFAULT_SETTINGS } from '@shared/settings'
import type { Settings } from '@shared/settings'
import type { ReliabilityRow } from './lib/results'
import { recordRows } from './lib/results'

const KEY = 'persist-key-6a0f2d'
const rows: ReliabilityRow[] = []
afterAll(() => recordRows('persistence', rows))

function keychain(options: { decrypts?: boolean } = {}): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (text) => Buffer.concat([Buffer.from('v10'), Buffer.from(text).reverse()]),
    decryptString: (data) => {
      if (options.decrypts === false || data.subarray(0, 3).toString() !== 'v10') {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage')
      }
      return Buffer.from(data.subarray(3)).reverse().toString()
    }
  }
}

const ciphertextOf = (key: string): string =>
  Buffer.concat([Buffer.from('v10'), Buffer.from(key).reverse()]).toString('base64')

interface Case {
  name: string
  /** Writes the damaged state into the data folder; returns the bytes written (if a file). */
  damage(directory: string): Buffer | undefined
  keychain?: SafeStorageLike
  /** Settings that must have survived. */
  kept?: Partial<Settings>
  keyKept?: boolean
  /** Ciphertext that must still be in the settings file after a later save (so a keychain that comes back can read it). */
  ciphertextKept?: string
  /** The damaged file must be found, byte for byte, in a settings.corrupt-* backup. */
  backup?: boolean
  notice: RegExp
}

const goodFile = (settings: Partial<Settings>, key?: string) =>
  JSON.stringify({
    schemaVersion: 1,
    settings: { ...DEFAULT_SETTINGS, ...settings },
    ...(key ? { apiKeyCiphertext: ciphertextOf(key) } : {})
  })

const writeSettings = (directory: string, bytes: Buffer): Buffer => {
  writeFileSync(join(directory, 'settings.json'), bytes)
  return bytes
}

const CASES: Case[] = [
  {
    name: 'settings file truncated mid-way',
    damage: (dir) => {
      const whole = Buffer.from(goodFile({ theme: 'dark' }, KEY))
      return writeSettings(dir, whole.subarray(0, Math.floor(whole.length / 2)))
    },
    backup: true,
    notice: /not valid JSON.*A copy of the old file was saved/
  },
  {
    name: 'settings file of random bytes',
    damage: (dir) =>
      writeSettings(dir, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22, 0x9c, 0x13, 0x80])),
    backup: true,
    notice: /could not be used.*A copy of the old file was saved/
  },
  {
    name: 'settings file empty (0 bytes)',
    damage: (dir) => writeSettings(dir, Buffer.alloc(0)),
    backup: true,
    notice: /could not be used/
  },
  {
    name: 'settings with some values of the wrong type',
    damage: (dir) =>
      writeSettings(
        dir,
        Buffer.from(
          JSON.stringify({
            schemaVersion: 1,
            settings: {
              ...DEFAULT_SETTINGS,
              theme: 'dark',
              rentPeriod: 7,
              bedTypes: {},
              offlineMode: 'yes'
            },
            apiKeyCiphertext: ciphertextOf(KEY)
          })
        )
      ),
    kept: { theme: 'dark' },
    keyKept: true,
    backup: true,
    notice: /rentPeriod.*bedTypes.*offlineMode.*the others were kept/
  },
  {
    name: 'a folder where the settings file should be',
    damage: (dir) => {
      mkdirSync(join(dir, 'settings.json'))
      return undefined
    },
    notice: /could not be (read|used)/
  },
  {
    name: 'saved key the OS keychain can no longer decrypt',
    damage: (dir) => writeSettings(dir, Buffer.from(goodFile({ theme: 'dark' }, KEY))),
    keychain: keychain({ decrypts: false }),
    kept: { theme: 'dark' },
    ciphertextKept: ciphertextOf(KEY),
    notice: /could not be decrypted/
  },
  {
    name: 'saved key ciphertext that is not base64 / not ours',
    damage: (dir) =>
      writeSettings(
        dir,
        Buffer.from(
          JSON.stringify({
            schemaVersion: 1,
            settings: { ...DEFAULT_SETTINGS, theme: 'dark' },
            apiKeyCiphertext: '%%% not base64 %%%'
          })
        )
      ),
    kept: { theme: 'dark' },
    ciphertextKept: '%%% not base64 %%%',
    notice: /could not be decrypted/
  }
]

for (const testCase of CASES) {
  it(testCase.name, async () => {
    const directory = mkdtempSync(join(tmpdir(), 'market-persist-'))
    const original = testCase.damage(directory)
    const core = createAppCore({
      userDataDir: directory,
      vault: (store) =>
        createSafeStorageVault({ safeStorage: testCase.keychain ?? keychain(), store })
    })
    const problems: string[] = []
    const lost: string[] = []
    try {
      const settings = await core.handlers.getSettings()
      if (!settings.ok) problems.push(`getSettings: ${settings.error.code}`)
      const locations = await core.handlers.listLocations({ sector: 'residential' })
      if (!locations.ok) problems.push(`app does not answer: ${locations.error.code}`)
      const status = await core.handlers.getConnectionStatus()
      const notices = status.ok ? (status.data.notices ?? []) : []
      if (!notices.some((notice) => testCase.notice.test(notice))) {
        problems.push(`user not told (notices: ${JSON.stringify(notices)})`)
      }
      if (settings.ok) {
        for (const [name, value] of Object.entries(testCase.kept ?? {})) {
          if (JSON.stringify(settings.data[name as keyof Settings]) !== JSON.stringify(value)) {
            lost.push(`setting ${name}`)
          }
        }
      }
      const keyStatus = await core.handlers.getKeyStatus()
      if (testCase.keyKept && !(keyStatus.ok && keyStatus.data.hasKey)) lost.push('the saved key')
      const backups = readdirSync(directory).filter((name) => name.startsWith('settings.corrupt-'))
      if (testCase.backup && original !== undefined) {
        const intact = backups.some((name) => readFileSync(join(directory, name)).equals(original))
        if (!intact) lost.push('the original file (no byte-exact backup)')
      }
      if (testCase.name.startsWith('a folder') && backups.length === 0) lost.push('the folder')
      const update = await core.handlers.updateSettings({ rentPeriod: 'month' })
      if (!update.ok) problems.push(`settings cannot be saved afterwards: ${update.error.code}`)
      if (testCase.ciphertextKept !== undefined) {
        const saved = JSON.parse(readFileSync(join(directory, 'settings.json'), 'utf8')) as {
          apiKeyCiphertext?: unknown
        }
        if (saved.apiKeyCiphertext !== testCase.ciphertextKept)
          lost.push('the saved key ciphertext')
      }
      rows.push({
        id: testCase.name,
        area: 'Persistence faults (main)',
        case: testCase.name,
        tried: 1,
        passed: problems.length === 0 ? 1 : 0,
        lost: lost.length ? lost.join(', ') : 'nothing',
        outcome: problems.length
          ? problems.join('; ')
          : `told: "${notices.join(' / ').slice(0, 160)}…"`
      })
    } finally {
      await core.dispose()
      rmSync(directory, { recursive: true, force: true })
    }
    expect({ problems, lost }).toEqual({ problems: [], lost: [] })
  })
}
