export { createSettingsStore } from './settings-store'
export type { CiphertextStore, SettingsStore, SettingsStoreOptions } from './settings-store'
export { SETTINGS_MIGRATIONS, migrateSettings } from './migrations'
export type { SettingsMigration } from './migrations'
