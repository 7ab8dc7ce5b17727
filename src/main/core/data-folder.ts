/**
 * Builds before 0.2 had no productName, so Electron named their data folder "market-explorer".
 * The first start under the product's name moves that folder over (settings, the encrypted key,
 * the offline cache), before Chromium opens it. Nothing moves when the new folder already exists
 * or the old one is not a plain folder.
 */
import { lstatSync, renameSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export const EARLIER_DATA_FOLDER = 'market-explorer'

export function adoptEarlierDataFolder(userData: string): 'moved' | 'nothing-to-move' | 'failed' {
  const earlier = join(dirname(userData), EARLIER_DATA_FOLDER)
  const at = (path: string) => lstatSync(path, { throwIfNoEntry: false })
  if (basename(userData) === EARLIER_DATA_FOLDER || at(userData)) return 'nothing-to-move'
  if (!at(earlier)?.isDirectory()) return 'nothing-to-move'
  try {
    renameSync(earlier, userData)
    return 'moved'
  } catch {
    return 'failed'
  }
}
