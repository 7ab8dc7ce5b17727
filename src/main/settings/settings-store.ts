/**
 * The settings store: settings.json in a given folder (or memory only), validated with the shared
 * zod schema, versioned, and self-repairing: a corrupt or hostile file is moved aside, reset and
 * reported. When the folder cannot be written it keeps the settings in memory and says so once.
 * It also keeps the API key's ciphertext (never the key) for the key vault.
 */
import { isDeepStrictEqual } from 'node:util'
import { err, ok } from '@shared/result'
import type { Result } from '@shared/result'
import { SettingsSchema, SettingsUpdateSchema } from '@shared/settings'
import type { Settings, SettingsUpdate } from '@shared/settings'
import type { AppLogger } from '../logging/logger'
import { errnoCode, errorName, silentLogger } from '../logging/logger'
import { describeIssues, loadSettings, unsavedNotice } from './settings-file'
import type { SettingsFileContent } from './settings-file'
import { memoryFile, openGuardedFile } from './guarded-file'
import type { GuardedFile } from './guarded-file'

/** 'memory': the change holds until the app quits, because nothing can be saved to disk. */
export type SaveOutcome = 'saved' | 'memory'

/** Where the key vault keeps the key's ciphertext (base64). */
export interface CiphertextStore {
  read(): string | undefined
  write(ciphertext: string | undefined): SaveOutcome
}

export type SettingsStore = ReturnType<typeof createSettingsStore>

export interface SettingsStoreOptions {
  /**
   * Folder holding settings.json (the app's userData folder, or a temp dir in tests). Omitted:
   * settings live in memory for this run by design (the CLI): no notice, saves report 'memory'.
   */
  directory?: string
  /** How settings.json in `directory` is opened (the app: electron-store); default conf. */
  openStorage?: (directory: string) => GuardedFile
  clock?: () => Date
  logger?: AppLogger
}

export function createSettingsStore(options: SettingsStoreOptions) {
  const clock = options.clock ?? (() => new Date())
  const logger = options.logger ?? silentLogger
  const { directory, openStorage = (folder) => openGuardedFile(folder, 'settings') } = options
  const storage = directory === undefined ? memoryFile() : openStorage(directory)
  const notices: string[] = []
  let savedTo: SaveOutcome = directory === undefined ? 'memory' : 'saved'

  const loaded = loadSettings(storage, clock(), logger, notices)
  let content = loaded.content
  let frozen = deepFreeze(structuredClone(content.settings))

  const save = (next: SettingsFileContent): SaveOutcome => {
    if (savedTo === 'saved') {
      try {
        storage.write({ ...next })
      } catch (error) {
        // After the first failed write, settings live in memory: one notice, no more disk attempts.
        savedTo = 'memory'
        notices.push(unsavedNotice(storage.folder, error))
        logger.error('settings cannot be saved; keeping them in memory', {
          error: errorName(error),
          code: errnoCode(error)
        })
      }
    }
    content = next
    frozen = deepFreeze(structuredClone(next.settings))
    return savedTo
  }

  if (loaded.changed) save(content)

  /** A part of the file beside the settings: the disk is written only when it changes. */
  const part = <K extends 'apiKeyCiphertext' | 'windowState'>(name: K) => ({
    read: (): SettingsFileContent[K] => structuredClone(content[name]),
    write(value: SettingsFileContent[K]): SaveOutcome {
      if (isDeepStrictEqual(value, content[name])) return savedTo
      // An undefined part is left out of the file (JSON has no undefined).
      return save({ ...content, [name]: structuredClone(value) })
    }
  })

  return {
    /** Absolute path of the settings file, or 'memory'. */
    path: storage.path,
    /** The current, valid settings (a copy the caller may change). */
    get: (): Settings => structuredClone(content.settings),
    /** The current settings themselves, frozen: for hot paths that only read. */
    current: (): Readonly<Settings> => frozen,
    /** Things fixed on load or found since (a file reset, a folder that cannot be written). */
    notices: (): string[] => [...notices],
    /** Validated merge of a partial update; INVALID_INPUT names each bad field. */
    update(patch: SettingsUpdate): Result<Settings> {
      const parsedPatch = SettingsUpdateSchema.safeParse(patch)
      if (!parsedPatch.success) return invalid(describeIssues(parsedPatch.error.issues))
      const { timeouts, ...rest } = parsedPatch.data
      const merged = SettingsSchema.safeParse({
        ...content.settings,
        ...definedOnly(rest),
        timeouts: { ...content.settings.timeouts, ...definedOnly(timeouts ?? {}) }
      })
      if (!merged.success) return invalid(describeIssues(merged.error.issues))
      save({ ...content, settings: merged.data })
      return ok(structuredClone(merged.data))
    },
    /** The key's ciphertext, for the key vault. */
    keyCiphertext: part('apiKeyCiphertext') satisfies CiphertextStore,
    /** The main window's last bounds, kept in the same file (unvalidated: the window checks it). */
    windowState: part('windowState')
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item)
    Object.freeze(value)
  }
  return value
}

/** `{ a: undefined }` (as structured clone may deliver it) means "unchanged", not "cleared". */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

function invalid(details: string): Result<never> {
  return err('INVALID_INPUT', `These settings are not valid: ${details}.`)
}
