import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSettingsStore } from '../settings/settings-store'
import type { SettingsStore } from '../settings/settings-store'
import { ERRORS } from '@shared/errors/catalogue'
import { createMemoryVault, createSafeStorageVault } from './key-vault'

import type { SafeStorageLike } from './key-vault'

const KEY = 'pk-test-7Hq2SECRETkey-value'

/** A mock safeStorage that really transforms the bytes (XOR + marker), like an OS keychain. */
function mockSafeStorage(overrides: Partial<SafeStorageLike> = {}): SafeStorageLike & {
  encryptCalls: number
} {
  const mask = (bytes: Buffer): Buffer => Buffer.from(bytes.map((byte) => byte ^ 0x5a))
  const mock = {
    encryptCalls: 0,
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString(plainText: string) {
      mock.encryptCalls += 1
      return Buffer.concat([Buffer.from('v10'), mask(Buffer.from(plainText, 'utf8'))])
    },
    decryptString(encrypted: Buffer) {
      if (encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('bad ciphertext')
      return mask(encrypted.subarray(3)).toString('utf8')
    },
    ...overrides
  }
  return mock
}

let dir: string
let settings: SettingsStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-vault-'))
  settings = createSettingsStore({ directory: dir })
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

function filesText(): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n')
}

describe('safeStorage key vault', () => {
  it('encrypts the key and persists only its ciphertext', async () => {
    const safeStorage = mockSafeStorage()
    const vault = createSafeStorageVault({ safeStorage, store: settings.keyCiphertext })
    expect(vault.status()).toMatchObject({ hasKey: false, storage: 'none' })
    const status = await vault.setKey(KEY, 'persistent')
    expect(status).toEqual({
      ok: true,
      data: {
        hasKey: true,
        storage: 'encrypted',
        encryptionAvailable: true,
        encryptionBackend: 'gnome_libsecret'
      }
    })
    expect(safeStorage.encryptCalls).toBe(1)
    expect(vault.getKey()).toBe(KEY)
    const text = filesText()
    expect(text).not.toContain(KEY)
    expect(text).not.toContain(Buffer.from(KEY).toString('base64'))
    expect(text).toContain('apiKeyCiphertext')
  })

  it('decrypts the saved key in a new launch', async () => {
    const safeStorage = mockSafeStorage()
    await createSafeStorageVault({ safeStorage, store: settings.keyCiphertext }).setKey(
      KEY,
      'persistent'
    )
    const reopened = createSettingsStore({ directory: dir })
    const vault = createSafeStorageVault({ safeStorage, store: reopened.keyCiphertext })
    expect(vault.getKey()).toBe(KEY)
    expect(vault.status().storage).toBe('encrypted')
  })

  it('refuses persistent storage on the basic_text backend and offers session storage', async () => {
    const safeStorage = mockSafeStorage({ getSelectedStorageBackend: () => 'basic_text' })
    const vault = createSafeStorageVault({ safeStorage, store: settings.keyCiphertext })
    expect(vault.status()).toMatchObject({
      encryptionAvailable: false,
      encryptionBackend: 'basic_text'
    })
    const refused = await vault.setKey(KEY, 'persistent')
    expect(refused).toEqual({ ok: false, error: ERRORS.keyNotStored() })
    expect(ERRORS.keyNotStored().message).toMatch(/no secure storage.*not saved/)
    expect(vault.getKey()).toBeUndefined()
    expect(settings.keyCiphertext.read()).toBeUndefined()
    const session = await vault.setKey(KEY, 'session')
    expect(session).toMatchObject({ ok: true, data: { hasKey: true, storage: 'session' } })
    expect(session.ok && session.data.warning).toBeUndefined()
    expect(vault.getKey()).toBe(KEY)
    expect(filesText()).not.toContain('apiKeyCiphertext')
  })

  it('refuses persistent storage when encryption is unavailable or the backend unknown', async () => {
    for (const overrides of [
      { isEncryptionAvailable: () => false },
      { getSelectedStorageBackend: () => 'unknown' }
    ]) {
      const vault = createSafeStorageVault({
        safeStorage: mockSafeStorage(overrides),
        store: settings.keyCiphertext
      })
      expect(await vault.setKey(KEY, 'persistent')).toMatchObject({ ok: false })
      expect(vault.getKey()).toBeUndefined()
    }
  })

  it('works where getSelectedStorageBackend does not exist (macOS, Windows)', async () => {
    const safeStorage = mockSafeStorage()
    const { getSelectedStorageBackend: _linuxOnly, ...rest } = safeStorage
    const vault = createSafeStorageVault({ safeStorage: rest, store: settings.keyCiphertext })
    const status = await vault.setKey(KEY, 'persistent')
    expect(status).toEqual({
      ok: true,
      data: { hasKey: true, storage: 'encrypted', encryptionAvailable: true }
    })
  })

  it('treats a ciphertext that cannot be decrypted as no key, with a warning', () => {
    settings.keyCiphertext.write(Buffer.from('garbage').toString('base64'))
    const vault = createSafeStorageVault({
      safeStorage: mockSafeStorage(),
      store: settings.keyCiphertext
    })
    expect(vault.getKey()).toBeUndefined()
    expect(vault.status()).toMatchObject({ hasKey: false, storage: 'none' })
    expect(vault.status().warning).toContain('could not be decrypted')
  })

  it('does not crash when decryption throws for any reason', () => {
    settings.keyCiphertext.write('AAAA')
    const vault = createSafeStorageVault({
      safeStorage: mockSafeStorage({
        decryptString: () => {
          throw new Error('keychain locked')
        }
      }),
      store: settings.keyCiphertext
    })
    expect(() => vault.getKey()).not.toThrow()
    expect(vault.status().hasKey).toBe(false)
  })

  it('a session key replaces a saved key, and clear removes everything', async () => {
    const vault = createSafeStorageVault({
      safeStorage: mockSafeStorage(),
      store: settings.keyCiphertext
    })
    await vault.setKey(KEY, 'persistent')
    await vault.setKey('other-session-key', 'session')
    expect(settings.keyCiphertext.read()).toBeUndefined()
    expect(vault.getKey()).toBe('other-session-key')
    await vault.setKey(KEY, 'persistent')
    const cleared = await vault.clear()
    expect(cleared).toMatchObject({ hasKey: false, storage: 'none' })
    expect(vault.getKey()).toBeUndefined()
    expect(settings.keyCiphertext.read()).toBeUndefined()
  })

  it('rejects (never stores plain text) when encryption throws', async () => {
    const vault = createSafeStorageVault({
      safeStorage: mockSafeStorage({
        encryptString: () => {
          throw new Error('encryption failed')
        }
      }),
      store: settings.keyCiphertext
    })
    await expect(vault.setKey(KEY, 'persistent')).rejects.toThrow('encryption failed')
    expect(vault.getKey()).toBeUndefined()
    expect(filesText()).not.toContain(KEY)
  })
})

describe('memory vault', () => {
  it('keeps the key in memory and can simulate missing encryption', async () => {
    const vault = createMemoryVault()
    expect(await vault.setKey(KEY, 'persistent')).toMatchObject({ data: { storage: 'encrypted' } })
    expect(vault.getKey()).toBe(KEY)
    expect((await vault.clear()).hasKey).toBe(false)
    const noCrypto = createMemoryVault({ encryptionAvailable: false })
    const refused = await noCrypto.setKey(KEY, 'persistent')
    expect(refused).toEqual({ ok: false, error: ERRORS.keyNotStored() })
    expect(noCrypto.getKey()).toBeUndefined()
    expect(await noCrypto.setKey(KEY, 'session')).toEqual({
      ok: true,
      data: { hasKey: true, storage: 'session', encryptionAvailable: false }
    })
  })

  it('holds a key given at creation (the CLI) for the session, with no keychain warning', () => {
    const vault = createMemoryVault({ key: KEY })
    expect(vault.getKey()).toBe(KEY)
    expect(vault.status()).toEqual({ hasKey: true, storage: 'session', encryptionAvailable: true })
  })
})
