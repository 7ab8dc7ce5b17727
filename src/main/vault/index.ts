export { createMemoryVault, createSafeStorageVault, PERSISTENCE_REFUSED_WARNING } from './key-vault'
export type {
  KeyPersistence,
  KeyVault,
  MemoryVaultOptions,
  SafeStorageLike,
  SafeStorageVaultOptions
} from './key-vault'
