/**
 * Settings storage for the desktop app: electron-store (over conf) writes settings.json in the
 * userData folder, atomically (temp file + rename, which replaces a symlink rather than writing
 * through it), with mode 0600 and the same text the file storage writes.
 *
 * conf reads the file with a plain readFileSync, which follows symlinks, blocks on a FIFO and
 * reads any size. So the file is read and vetted by the file storage's reader (lstat,
 * O_NOFOLLOW | O_NONBLOCK, 1 MiB cap), hostile files are moved aside by it, and electron-store is
 * created, and written through, only while what sits at the path is a small regular file or
 * nothing. Schema, migrations and repairs stay in settings-store.ts, shared with the CLI.
 */
import ElectronStore from 'electron-store'
import { createFileStorage } from './settings-storage'
import type { SettingsStorage } from './settings-storage'

/** The part of electron-store used here (a test double can stand in). */
export interface JsonFileStore {
  readonly path: string
  store: Record<string, unknown>
}

export type CreateJsonFileStore = (options: { directory: string }) => JsonFileStore

const createElectronStore: CreateJsonFileStore = ({ directory }) =>
  new ElectronStore<Record<string, unknown>>({
    name: 'settings',
    cwd: directory,
    configFileMode: 0o600,
    // The same text the file storage writes; conf must not reset a file it cannot parse (the
    // settings store moves it aside and tells the user first).
    serialize: (value) => `${JSON.stringify(value, null, '\t')}\n`,
    clearInvalidConfig: false,
    watch: false
  })

/** Refuses to let conf touch the path while something other than a small file sits there. */
class HostileSettingsFileError extends Error {
  constructor(reason: string) {
    super(`settings.json cannot be replaced: ${reason}`)
    this.name = 'HostileSettingsFileError'
  }
}

export function createElectronStoreStorage(
  directory: string,
  createStore: CreateJsonFileStore = createElectronStore
): SettingsStorage {
  const file = createFileStorage(directory)
  let store: JsonFileStore | undefined

  const vetted = (): JsonFileStore => {
    const found = file.read()
    if (found.kind === 'refused') throw new HostileSettingsFileError(found.reason)
    store ??= createStore({ directory: file.folder })
    if (store.path !== file.path) {
      throw new Error(`electron-store writes ${store.path}, not ${file.path}`)
    }
    return store
  }

  return {
    folder: file.folder,
    path: file.path,
    read: () => file.read(),
    write(text) {
      vetted().store = JSON.parse(text) as Record<string, unknown>
    },
    checkWritable: () => file.checkWritable(),
    moveAside: (now) => file.moveAside(now),
    saveCopy: (bytes, now) => file.saveCopy(bytes, now)
  }
}
