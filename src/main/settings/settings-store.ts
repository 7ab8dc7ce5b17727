/**
 * The settings store: `conf` (atomic writes) in a given directory, validated with the shared zod
 * schema, versioned, and self-repairing: a corrupt file is backed up, reset and reported.
 * It also keeps the API key's ciphertext (never the key) for the key vault.
 */
import { resolve } from 'node:path'
import Conf from 'conf'
import { err, ok } from '../../shared/result'
import type { Result } from '../../shared/result'
import {
  DEFAULT_SETTINGS,
  SETTINGS_SCHEMA_VERSION,
  SettingsSchema,
  SettingsUpdateSchema
} from '../../shared/settings'
import type { Settings, SettingsUpdate } from '../../shared/settings'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import {
  backUpCorruptFile,
  describeIssues,
  interpretStoredContent,
  removeFile,
  repairNotice,
  resetNotice
} from './settings-file'
import type { SettingsFileContent } from './settings-file'

/** Where the key vault keeps the key's ciphertext (base64). */
export interface CiphertextStore {
  read(): string | undefined
  write(ciphertext: string | undefined): void
}

export interface SettingsStore {
  /** The current, valid settings (a copy the caller may change). */
  get(): Settings
  /** The current settings themselves, frozen: for hot paths that only read. */
  current(): Readonly<Settings>
  /** Validated merge of a partial update; INVALID_INPUT names each bad field. */
  update(patch: SettingsUpdate): Result<Settings>
  /** Things fixed on load this session (e.g. corrupt file reset), for the UI. */
  notices(): string[]
  readonly keyCiphertext: CiphertextStore
  /** Absolute path of the settings file. */
  readonly path: string
}

export interface SettingsStoreOptions {
  /** Directory holding settings.json (the app's userData folder, or a temp dir in tests). */
  directory: string
  clock?: () => Date
  logger?: AppLogger
}

const CONFIG_NAME = 'settings'

const UNSAVED_NOTICE = (path: string): string =>
  `Settings cannot be saved to ${path}, so changes you make last only until you quit. Check that the folder is writable.`

type ConfStore = Pick<Conf<Record<string, unknown>>, 'store' | 'path'>

/** Settings for this session only, when no file can be written in the folder at all. */
function memoryStore(path: string): ConfStore {
  return { path, store: {} }
}

function openConf(directory: string): ConfStore {
  return new Conf<Record<string, unknown>>({
    cwd: directory,
    configName: CONFIG_NAME,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false
  })
}

interface OpenedStore {
  conf: ConfStore
  content: SettingsFileContent
}

/** Writes the file; a failure is logged (the settings still apply for this session). */
function persist(conf: ConfStore, content: SettingsFileContent, logger: AppLogger): void {
  try {
    conf.store = { ...content }
  } catch (error) {
    logger.error('settings could not be saved', { error: errorName(error) })
  }
}

/** Opens the file; whatever is wrong with it ends in valid settings and a notice. */
function openStore(
  directory: string,
  clock: () => Date,
  logger: AppLogger,
  notices: string[]
): OpenedStore {
  const reset = (reason: string, ciphertext?: string): OpenedStore => {
    const path = resolve(directory, `${CONFIG_NAME}.json`)
    const backupName = backUpCorruptFile(path, clock())
    removeFile(path)
    notices.push(resetNotice(reason, backupName))
    logger.warn('settings file reset to defaults', { reason, backup: backupName })
    let conf: ConfStore
    try {
      conf = openConf(directory)
    } catch (error) {
      logger.error('settings file cannot be written; keeping settings in memory', {
        error: errorName(error)
      })
      notices.push(UNSAVED_NOTICE(path))
      conf = memoryStore(path)
    }
    const content: SettingsFileContent = {
      schemaVersion: SETTINGS_SCHEMA_VERSION,
      settings: { ...DEFAULT_SETTINGS },
      ...(ciphertext === undefined ? {} : { apiKeyCiphertext: ciphertext })
    }
    persist(conf, content, logger)
    return { conf, content }
  }

  let conf: ConfStore
  let raw: unknown
  try {
    conf = openConf(directory)
    raw = conf.store
  } catch (error) {
    // conf throws on a file that is not JSON (or cannot be read): back it up and start afresh.
    return reset(error instanceof SyntaxError ? 'it is not valid JSON' : 'it could not be read')
  }
  const interpreted = interpretStoredContent(raw, SETTINGS_SCHEMA_VERSION)
  if (!interpreted.ok) return reset(interpreted.reason, interpreted.ciphertext)
  const { content, changed } = interpreted.loaded
  if (interpreted.repaired) {
    const backupName = backUpCorruptFile(conf.path, clock())
    notices.push(repairNotice(interpreted.repaired, backupName))
    logger.warn('settings file repaired', { reason: interpreted.repaired, backup: backupName })
  }
  if (changed) persist(conf, content, logger)
  return { conf, content }
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const clock = options.clock ?? (() => new Date())
  const logger = options.logger ?? silentLogger
  const notices: string[] = []
  const opened = openStore(options.directory, clock, logger, notices)
  const { conf } = opened
  let content = opened.content
  let frozen = deepFreeze(structuredClone(content.settings))

  const write = (next: SettingsFileContent): void => {
    conf.store = { ...next }
    content = next
    frozen = deepFreeze(structuredClone(next.settings))
  }

  return {
    path: conf.path,
    get: () => structuredClone(content.settings),
    current: () => frozen,
    notices: () => [...notices],
    update(patch) {
      const parsedPatch = SettingsUpdateSchema.safeParse(patch)
      if (!parsedPatch.success) return invalid(describeIssues(parsedPatch.error.issues))
      const { timeouts, ...rest } = parsedPatch.data
      const merged = SettingsSchema.safeParse({
        ...content.settings,
        ...definedOnly(rest),
        timeouts: { ...content.settings.timeouts, ...definedOnly(timeouts ?? {}) }
      })
      if (!merged.success) return invalid(describeIssues(merged.error.issues))
      try {
        write({ ...content, settings: merged.data })
      } catch (error) {
        logger.error('settings could not be saved', { error: errorName(error) })
        return err(
          'INTERNAL',
          'The settings could not be saved to disk. Check free space and try again.'
        )
      }
      return ok(structuredClone(merged.data))
    },
    keyCiphertext: {
      read: () => content.apiKeyCiphertext,
      write(ciphertext) {
        const { apiKeyCiphertext: _old, ...rest } = content
        write(ciphertext === undefined ? rest : { ...rest, apiKeyCiphertext: ciphertext })
      }
    }
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

function errorName(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown'
  const code = (error as NodeJS.ErrnoException).code
  return code ? `${error.name} ${code}` : error.name
}
