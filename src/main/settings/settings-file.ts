/**
 * Turning what the settings file held into valid settings, and the notices that tell the user
 * what was done: a corrupt or hostile file is set aside (settings.corrupt-<timestamp>.json, by
 * the guarded file) before the settings are reset.
 */
import { isDeepStrictEqual } from 'node:util'
import { ZodObject } from 'zod'
import type { z } from 'zod'
import { DEFAULT_SETTINGS, SettingsSchema } from '@shared/settings'
import type { Settings } from '@shared/settings'
import { describeIssues as describeFieldIssues, isRecord } from '@shared/validation'
import { errnoCode } from '../logging/logger'
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

/**
 * Keeps every stored field that is valid on its own and puts the default in place of the rest,
 * so one bad value does not cost the user every other setting.
 */
export function salvageSettings(stored: RawSettings): Settings {
  return SettingsSchema.parse(salvage(SettingsSchema, stored, DEFAULT_SETTINGS))
}

export const describeIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  describeFieldIssues(issues, { where: (path) => path.map(String).join('.') || '(settings)' })

const copyNote = (backupName: string | undefined): string =>
  backupName
    ? ` A copy of the old file was saved as ${backupName}.`
    : ' The old file could not be copied.'

export function repairNotice(reason: string, backupName: string | undefined): string {
  return `Some of your settings could not be used (${reason}), so those were reset to their defaults; the others were kept.${copyNote(backupName)}`
}

export function resetNotice(reason: string, backupName: string | undefined): string {
  return `Your settings file could not be used (${reason}), so the settings were reset to their defaults.${copyNote(backupName)} If you had saved an API key, check it in Settings.`
}

/** Turns whatever conf read into valid file content; reports when a reset is needed. */
export function interpretStoredContent(
  raw: unknown,
  currentVersion: number
):
  | { ok: true; loaded: LoadedSettings; repaired?: string }
  | { ok: false; reason: string; ciphertext?: string } {
  if (!isRecord(raw)) return { ok: false, reason: 'it does not hold an object' }
  const ciphertext =
    typeof raw['apiKeyCiphertext'] === 'string' ? raw['apiKeyCiphertext'] : undefined
  const keep = ciphertext === undefined ? {} : { ciphertext }
  if (Object.keys(raw).length === 0) {
    const content = { schemaVersion: currentVersion, settings: { ...DEFAULT_SETTINGS } }
    return { ok: true, loaded: { content, changed: true } }
  }
  if (!isRecord(raw['settings'])) return { ok: false, reason: 'it has no settings', ...keep }
  const version = raw['schemaVersion']
  const migrated = migrateSettings(raw['settings'], typeof version === 'number' ? version : NaN)
  if (!migrated.ok) return { ok: false, reason: migrated.reason, ...keep }
  const parsed = SettingsSchema.safeParse(withDefaults(migrated.settings))
  const settings = parsed.success ? parsed.data : salvageSettings(migrated.settings)
  const content = {
    schemaVersion: currentVersion,
    settings,
    ...(ciphertext === undefined ? {} : { apiKeyCiphertext: ciphertext }),
    ...(isRecord(raw['windowState']) ? { windowState: raw['windowState'] } : {})
  }
  // Key order aside; conf hands the top level over as a null-prototype object.
  const changed = !isDeepStrictEqual(content, { ...raw })
  if (parsed.success) return { ok: true, loaded: { content, changed } }
  const repaired = describeIssues(parsed.error.issues)
  return { ok: true, loaded: { content, changed: true }, repaired }
}

const FIX_FOLDER = 'make the folder writable and restart the app'
const FULL = ['the disk is full', 'free some disk space and restart the app'] as const
const NOT_A_FOLDER = ['it is not a folder', 'check that path and restart the app'] as const
/** Why a write failed and what to do, by errno code, in the user's words. */
const WRITE_FAILURES: Partial<Record<string, readonly [why: string, next: string]>> = {
  EROFS: ['read-only', FIX_FOLDER],
  EACCES: ['permission denied', FIX_FOLDER],
  EPERM: ['permission denied', FIX_FOLDER],
  ENOSPC: FULL,
  EDQUOT: FULL,
  ENOENT: NOT_A_FOLDER,
  ENOTDIR: NOT_A_FOLDER,
  EEXIST: NOT_A_FOLDER,
  EISDIR: ['a folder is in the way of settings.json', 'move it and restart the app']
}

export function unsavedNotice(folder: string, error: unknown): string {
  const code = errnoCode(error)
  const [why, next] = WRITE_FAILURES[code ?? ''] ?? [
    code ?? 'the write failed',
    'check that folder and restart the app'
  ]
  return `Settings could not be saved to ${folder} (${why}), so changes last until you quit. To keep them, ${next}.`
}
