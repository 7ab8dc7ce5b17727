/**
 * Settings file migrations. `SETTINGS_MIGRATIONS[n]` turns the `settings` object of a version-n
 * file into version n + 1. When a field changes, bump SETTINGS_SCHEMA_VERSION
 * (src/shared/settings.ts) and add the step here with a test.
 */
import { DEFAULT_BED_TYPES } from '@shared/bed-types'
import {
  BaseUrlSchema,
  ParameterPlacementSchema,
  SETTINGS_SCHEMA_VERSION,
  specLayout
} from '@shared/settings'

export type RawSettings = Record<string, unknown>
export type SettingsMigration = (settings: RawSettings) => RawSettings

/**
 * v1 → v2: bed types were bare values (`["1", "2"]`); now `{ value, label? }`. Values keep their
 * order; the provider's known values get their default labels. Anything that is not a list of
 * strings is left as it is, for the file's validation to repair.
 */
export function migrateBedTypesToLabelled(settings: RawSettings): RawSettings {
  const bedTypes = settings['bedTypes']
  if (!Array.isArray(bedTypes) || !bedTypes.every((item) => typeof item === 'string'))
    return settings
  const labelled = bedTypes.map((value: string) => {
    const label = DEFAULT_BED_TYPES.find((known) => known.value === value.trim())?.label
    return label === undefined ? { value } : { value, label }
  })
  return { ...settings, bedTypes: labelled }
}

/**
 * v2 → v3: route layouts per base URL. A saved base URL keeps working as before: every route at
 * the base URL (the spec layout) with the parameter placement it used.
 */
export const addRouteLayouts: SettingsMigration = (settings) => {
  if ('routeLayouts' in settings) return settings
  const baseUrl = BaseUrlSchema.safeParse(settings['baseUrl'])
  const placement = ParameterPlacementSchema.safeParse(settings['parameterPlacement'])
  const routeLayouts =
    baseUrl.success && baseUrl.data !== ''
      ? { [baseUrl.data]: specLayout(placement.success ? placement.data : 'query') }
      : {}
  return { ...settings, routeLayouts }
}

export const SETTINGS_MIGRATIONS: Readonly<Record<number, SettingsMigration>> = {
  1: migrateBedTypesToLabelled,
  2: addRouteLayouts
}

/** Runs every step from `fromVersion` up to the current version. */
export function migrateSettings(
  settings: RawSettings,
  fromVersion: number,
  migrations: Readonly<Record<number, SettingsMigration>> = SETTINGS_MIGRATIONS,
  toVersion: number = SETTINGS_SCHEMA_VERSION
): { ok: true; settings: RawSettings } | { ok: false; reason: string } {
  if (!Number.isInteger(fromVersion) || fromVersion < 1) {
    return { ok: false, reason: `it has no valid schema version (${String(fromVersion)})` }
  }
  if (fromVersion > toVersion) {
    return { ok: false, reason: `it was written by a newer version of the app (v${fromVersion})` }
  }
  let current = settings
  for (let version = fromVersion; version < toVersion; version += 1) {
    const step = migrations[version]
    if (!step) return { ok: false, reason: `no migration from schema version ${version}` }
    current = step(current)
  }
  return { ok: true, settings: current }
}
