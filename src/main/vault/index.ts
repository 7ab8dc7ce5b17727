export { createMemoryVault, PERSISTENCE_REFUSED_WARNING } from './key-vault'
export type { KeyPersistence, KeyVault, MemoryVaultOptions } from './key-vault'
export { createSafeStorageVault } from './safe-storage-vault'
export type { SafeStorageLike, SafeStorageVaultOptions } from './safe-storage-vault'
