/**
 * settings.json in the desktop app: electron-store (a conf) reads and writes it in the userData
 * folder, behind the same checks the CLI and the tests have around conf (guarded-file.ts).
 */
import ElectronStore from 'electron-store'
import { openGuardedFile } from './guarded-file'
import type { GuardedFile } from './guarded-file'

export function createElectronStoreStorage(directory: string): GuardedFile {
  return openGuardedFile(
    directory,
    'settings',
    ({ configName, ...options }) =>
      new ElectronStore<Record<string, unknown>>({ ...options, name: configName })
  )
}
