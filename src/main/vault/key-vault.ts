/** Where the service API key lives in main. The renderer can set, clear and ask — never read. */
import type { KeyStatus } from '@shared/contract'

export type KeyPersistence = 'persistent' | 'session'

export interface KeyVault {
  /** The key for the next request, or undefined. Never send it anywhere but the service. */
  getKey(): string | undefined
  status(): KeyStatus
  /**
   * `persistent`: encrypted and saved; refused (key not stored, `warning` set) when this computer
   * cannot encrypt. `session`: memory only, forgotten on quit (and any saved key is removed).
   */
  setKey(key: string, persistence: KeyPersistence): Promise<KeyStatus>
  clear(): Promise<KeyStatus>
}

export const PERSISTENCE_REFUSED_WARNING =
  'This computer offers no secure storage for the key, so it was not saved. Keep it for this session only instead.'

export interface MemoryVaultOptions {
  key?: string
  /** False simulates a computer without secure storage (persistent keys are refused). */
  encryptionAvailable?: boolean
}

/**
 * An explicit in-memory vault for tests, the e2e harness and the CLI: nothing touches disk.
 * With encryption "available" it reports a persistent key as `encrypted`, like the real vault.
 */
export function createMemoryVault(options: MemoryVaultOptions = {}): KeyVault {
  const encryptionAvailable = options.encryptionAvailable ?? true
  let key = options.key
  let storage: KeyStatus['storage'] = key === undefined ? 'none' : 'session'
  let warning: string | undefined

  const status = (): KeyStatus => ({
    hasKey: key !== undefined,
    storage,
    encryptionAvailable,
    ...(warning ? { warning } : {})
  })

  const keep = async (next: string | undefined, kind: KeyStatus['storage']): Promise<KeyStatus> => {
    key = next
    storage = kind
    warning = undefined
    return status()
  }

  return {
    getKey: () => key,
    status,
    async setKey(newKey, persistence) {
      if (persistence === 'session') return keep(newKey, 'session')
      if (encryptionAvailable) return keep(newKey, 'encrypted')
      warning = PERSISTENCE_REFUSED_WARNING
      return status()
    },
    clear: () => keep(undefined, 'none')
  }
}
