/**
 * The settings store: settings.json in a given folder (or memory only), validated with the shared
 * zod schema, versioned, and self-repairing: a corrupt or hostile file is set aside
 * (settings.corrupt-<timestamp>.json, by the guarded file) before the settings are reset; a file
 * with some bad fields is copied aside and repaired; each says so in a notice. When the folder
 * cannot be written it keeps the settings in memory and says so once. It also keeps the API key's
 * ciphertext (never the key) for the key vault.
 */
import { isDeepStrictEqual } from 'node:util'
import { ZodObject } from 'zod'
import type { z } from 'zod'
import { err, ok } from '@shared/result'
import type { Result } from '@shared/result'
import {
  DEFAULT_SETTINGS,
  SETTINGS_SCHEMA_VERSION,
  SettingsSchema,
  SettingsUpdateSchema
} from '@shared/settings'
import type { Settings, SettingsUpdate } from '@shared/settings'
import { describeIssues as describeFieldIssues, isRecord } from '@shared/validation'
import type { AppLogger } from '../logging/logger'
import { errnoCode, errorName, silentLogger, writeProblem } from '../logging/logger'
import { memoryFile, openGuardedFile } from './guarded-file'
import type { GuardedFile } from './guarded-file'
import { migrateSettings } from './migrations'
import type { RawSettings } from './migrations'

/** 'memory': the change holds until the app quits, because nothing can be saved to disk. */
export type SaveOutcome = 'saved' | 'memory'

/** What the file holds: settings under `settings`, the key's ciphertext beside them. */
export interface SettingsFileContent {
  schemaVersion: number
  settings: Settings
  apiKeyCiphertext?: string
  /** The main window's last bounds (main only; checked where it is used, never by the page). */
  windowState?: Record<string, unknown>
}

/** Fills fields missing from an older or hand-edited file with their defaults. */
function withDefaults(stored: RawSettings): RawSettings {
  const timeouts = isRecord(stored['timeouts']) ? stored['timeouts'] : {}
  return { ...DEFAULT_SETTINGS, ...stored, timeouts: { ...DEFAULT_SETTINGS.timeouts, ...timeouts } }
}

/** Each field of `stored` that `schema` accepts, the `fallback`'s value for the others. */
function salvage(schema: ZodObject, stored: unknown, fallback: unknown): Record<string, unknown> {
  const value = isRecord(stored) ? stored : {}
  const defaults = isRecord(fallback) ? fallback : {}
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      if (field instanceof ZodObject) return [name, salvage(field, value[name], defaults[name])]
      const parsed = field.safeParse(value[name])
      return [name, parsed.success ? parsed.data : defaults[name]]
    })
  )
}

const describeIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  describeFieldIssues(issues, { where: (path) => path.map(String).join('.') || '(settings)' })

const copyNote = (backupName: string | undefined): string =>
  backupName
    ? ` A copy of the old file was saved as ${backupName}.`
    : ' The old file could not be copied.'

const defaultContent = (ciphertext?: string): SettingsFileContent => ({
  schemaVersion: SETTINGS_SCHEMA_VERSION,
  settings: { ...DEFAULT_SETTINGS },
  ...(ciphertext === undefined ? {} : { apiKeyCiphertext: ciphertext })
})

/**
 * Reads the stored settings; whatever is wrong with them ends in valid settings and a notice.
 * `changed`: the file must be rewritten (new, migrated, filled in, repaired or reset).
 */
function loadSettings(storage: GuardedFile, now: Date, logger: AppLogger, notices: string[]) {
  type Loaded = { content: SettingsFileContent; changed: boolean }
  const reset = (reason: string, ciphertext?: string): Loaded => {
    const backup = storage.moveAside(now)
    notices.push(
      `Your settings file could not be used (${reason}), so the settings were reset to their defaults.${copyNote(backup)} If you had saved an API key, check it in Settings.`
    )
    logger.warn('settings file reset to defaults', { reason, backup })
    return { content: defaultContent(ciphertext), changed: true }
  }
  const stored = storage.read()
  if (stored.kind === 'missing') return { content: defaultContent(), changed: true }
  if (stored.kind === 'refused') return reset(stored.reason)
  const raw: unknown = stored.value
  if (!isRecord(raw)) return reset('it does not hold an object')
  if (Object.keys(raw).length === 0) return { content: defaultContent(), changed: true }
  const ciphertext =
    typeof raw['apiKeyCiphertext'] === 'string' ? raw['apiKeyCiphertext'] : undefined
  if (!isRecord(raw['settings'])) return reset('it has no settings', ciphertext)
  const version = raw['schemaVersion']
  const migrated = migrateSettings(raw['settings'], typeof version === 'number' ? version : NaN)
  if (!migrated.ok) return reset(migrated.reason, ciphertext)
  const parsed = SettingsSchema.safeParse(withDefaults(migrated.settings))
  const content = {
    ...defaultContent(ciphertext),
    // Not valid as a whole: each field valid on its own is kept, the default replaces the rest.
    settings: parsed.success
      ? parsed.data
      : SettingsSchema.parse(salvage(SettingsSchema, migrated.settings, DEFAULT_SETTINGS)),
    ...(isRecord(raw['windowState']) ? { windowState: raw['windowState'] } : {})
  }
  // Key order aside; conf hands the top level over as a null-prototype object.
  if (parsed.success) return { content, changed: !isDeepStrictEqual(content, { ...raw }) }
  const reason = describeIssues(parsed.error.issues)
  const backup = storage.copyAside(now)
  notices.push(
    `Some of your settings could not be used (${reason}), so those were reset to their defaults; the others were kept.${copyNote(backup)}`
  )
  logger.warn('settings file repaired', { reason, backup })
  return { content, changed: true }
}

export type SettingsStore = ReturnType<typeof createSettingsStore>

/** Where the key vault keeps the key's ciphertext (base64). */
export type CiphertextStore = SettingsStore['keyCiphertext']

export function createSettingsStore(options: {
  /**
   * Folder holding settings.json (the app's userData folder, or a temp dir in tests). Omitted:
   * settings live in memory for this run by design (the CLI): no notice, saves report 'memory'.
   */
  directory?: string
  /** How settings.json in `directory` is opened (the app: electron-store); default conf. */
  openStorage?: (directory: string) => GuardedFile
  clock?: () => Date
  logger?: AppLogger
}) {
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
        const { why, next: fix } = writeProblem(error)
        notices.push(
          `Settings could not be saved to ${storage.folder} (${why}), so changes last until you quit. To keep them, ${fix} and restart the app.`
        )
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
    keyCiphertext: part('apiKeyCiphertext'),
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
