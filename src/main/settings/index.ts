export { createSettingsStore } from './settings-store'
export type {
  CiphertextStore,
  SaveOutcome,
  SettingsStore,
  SettingsStoreOptions
} from './settings-store'
export { createFileStorage, createMemoryStorage, MAX_SETTINGS_FILE_BYTES } from './settings-storage'
export type { SettingsStorage, StoredSettings } from './settings-storage'
export { SETTINGS_MIGRATIONS, migrateSettings } from './migrations'
export type { SettingsMigration } from './migrations'
