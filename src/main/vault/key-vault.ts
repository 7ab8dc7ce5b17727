/**
 * Where the service API key lives in main. The renderer can set, clear and ask — never read.
 * The vault is backed by Electron's safeStorage (OS keychain / DPAPI / libsecret) and stores only
 * the ciphertext (base64). Electron is not imported: main passes its `safeStorage` in; the CLI,
 * the e2e harness and most tests use the plain memory vault at the end of this file instead.
 * Electron 41 has only the synchronous safeStorage API, so that is used.
 */
import type { SafeStorage } from 'electron'
import type { KeyStatus } from '@shared/contract'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import { orUndefined } from '@shared/validation'
import type { Result } from '@shared/result'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import type { CiphertextStore } from '../settings/settings-store'

export type KeyPersistence = 'persistent' | 'session'

export type KeyVault = ReturnType<typeof createSafeStorageVault>

/** The part of Electron's `safeStorage` the vault uses (the storage backend: Linux only). */
export type SafeStorageLike = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
> & { getSelectedStorageBackend?: () => string }

/** Linux backends that do not really encrypt (`unknown`: asked before the app was ready). */
const UNSAFE_BACKENDS = new Set(['basic_text', 'unknown'])

const NOT_SAVED_WARNING =
  'The key could not be saved because the settings folder cannot be written, so it is kept for this session only.'

const DECRYPT_FAILED_WARNING =
  'The saved API key could not be decrypted (the system keychain may have changed). Enter the key again in Settings.'

/**
 * Whether keys can be encrypted here, and the Linux backend when there is one (safeStorage may
 * throw before the app is ready: then it cannot).
 */
function probeEncryption(
  safeStorage: SafeStorageLike
): Pick<KeyStatus, 'encryptionAvailable' | 'encryptionBackend'> {
  const backend = orUndefined(() => safeStorage.getSelectedStorageBackend?.())
  const unsafe = backend !== undefined && UNSAFE_BACKENDS.has(backend)
  const available = !unsafe && orUndefined(() => safeStorage.isEncryptionAvailable()) === true
  return {
    encryptionAvailable: available,
    ...(backend === undefined ? {} : { encryptionBackend: backend })
  }
}

export function createSafeStorageVault(options: {
  safeStorage: SafeStorageLike
  store: CiphertextStore
  logger?: AppLogger
}) {
  const { safeStorage, store } = options
  const logger = options.logger ?? silentLogger
  let key: string | undefined
  let storage: KeyStatus['storage'] = 'none'
  let warning: string | undefined
  let loaded = false

  /** Decrypts the saved ciphertext once; a failure means "no key" plus a warning. */
  const load = (): void => {
    if (loaded) return
    loaded = true
    const ciphertext = store.read()
    if (ciphertext === undefined) return
    const { encryptionAvailable } = probeEncryption(safeStorage)
    const decrypt = () => safeStorage.decryptString(Buffer.from(ciphertext, 'base64'))
    key = encryptionAvailable ? orUndefined(decrypt) : undefined
    storage = 'encrypted'
    if (key !== undefined) return
    warning = DECRYPT_FAILED_WARNING
    logger.warn('saved API key could not be decrypted', { encryptionAvailable })
  }

  const status = (): KeyStatus => {
    load()
    return {
      hasKey: key !== undefined,
      storage: key === undefined ? 'none' : storage,
      ...probeEncryption(safeStorage),
      ...(warning ? { warning } : {})
    }
  }

  const setPersistent = (newKey: string): Result<KeyStatus> => {
    if (!probeEncryption(safeStorage).encryptionAvailable) {
      logger.warn('persistent API key refused: no secure storage')
      return failure(ERRORS.keyNotStored())
    }
    const ciphertext = safeStorage.encryptString(newKey).toString('base64')
    const saved = store.write(ciphertext) === 'saved'
    key = newKey
    storage = saved ? 'encrypted' : 'session'
    warning = saved ? undefined : NOT_SAVED_WARNING
    return ok(status())
  }

  /** Removes any saved key and keeps `next` for this session only (status says none if absent). */
  const keepForSession = (next: string | undefined): KeyStatus => {
    store.write(undefined)
    key = next
    storage = 'session'
    warning = undefined
    return status()
  }

  return {
    /** The key for the next request, or undefined. Never send it anywhere but the service. */
    getKey: (): string | undefined => {
      load()
      return key
    },
    status,
    /**
     * `persistent`: encrypted and saved; refused (INVALID_INPUT, the key not stored) when this
     * computer cannot encrypt: the vault alone decides. `session`: memory only, forgotten on quit
     * (and any saved key is removed).
     */
    async setKey(newKey: string, persistence: KeyPersistence): Promise<Result<KeyStatus>> {
      load()
      return persistence === 'session' ? ok(keepForSession(newKey)) : setPersistent(newKey)
    },
    async clear(): Promise<KeyStatus> {
      loaded = true
      return keepForSession(undefined)
    }
  }
}

/**
 * The plain stand-in vault for the CLI, tests and the e2e harness: the vault above with the key
 * and its "ciphertext" in memory only. No keychain is asked and nothing is written; a key kept
 * "persistent" reads as encrypted, as in the app; `encryptionAvailable: false` refuses it.
 */
export function createMemoryVault(
  options: { key?: string; encryptionAvailable?: boolean } = {}
): KeyVault {
  let kept: string | undefined
  const vault = createSafeStorageVault({
    safeStorage: {
      isEncryptionAvailable: () => options.encryptionAvailable ?? true,
      encryptString: (plainText) => Buffer.from(plainText),
      decryptString: (encrypted) => encrypted.toString()
    },
    store: {
      read: () => kept,
      write(ciphertext) {
        kept = ciphertext
        return 'saved'
      }
    }
  })
  if (options.key !== undefined) void vault.setKey(options.key, 'session')
  return vault
}
