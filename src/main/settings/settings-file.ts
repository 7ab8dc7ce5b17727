/**
 * Loading settings.json into valid settings, and the notices that tell the user what was done:
 * a corrupt or hostile file is set aside (settings.corrupt-<timestamp>.json, by the guarded file)
 * before the settings are reset; a file with some bad fields is copied aside and repaired.
 */
import { isDeepStrictEqual } from 'node:util'
import { ZodObject } from 'zod'
import type { z } from 'zod'
import { DEFAULT_SETTINGS, SETTINGS_SCHEMA_VERSION, SettingsSchema } from '@shared/settings'
import type { Settings } from '@shared/settings'
import { describeIssues as describeFieldIssues, isRecord } from '@shared/validation'
import { writeProblem } from '../logging/logger'
import type { AppLogger } from '../logging/logger'
import type { GuardedFile } from './guarded-file'
import { migrateSettings } from './migrations'
import type { RawSettings } from './migrations'

/** What the file holds: settings under `settings`, the key's ciphertext beside them. */
export interface SettingsFileContent {
  schemaVersion: number
  settings: Settings
  apiKeyCiphertext?: string
  /** The main window's last bounds (main only; checked where it is used, never by the page). */
  windowState?: Record<string, unknown>
}

export interface LoadedSettings {
  content: SettingsFileContent
  /** True when the file must be rewritten (new, migrated, filled in, repaired or reset). */
  changed: boolean
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

export const describeIssues = (issues: readonly z.core.$ZodIssue[]): string =>
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

/** Reads the stored settings; whatever is wrong with them ends in valid settings and a notice. */
export function loadSettings(
  storage: GuardedFile,
  now: Date,
  logger: AppLogger,
  notices: string[]
): LoadedSettings {
  const reset = (reason: string, ciphertext?: string): LoadedSettings => {
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

export function unsavedNotice(folder: string, error: unknown): string {
  const { why, next } = writeProblem(error)
  return `Settings could not be saved to ${folder} (${why}), so changes last until you quit. To keep them, ${next} and restart the app.`
}
