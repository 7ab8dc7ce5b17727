/**
 * Where the settings file lives: a folder on disk, or memory only (the CLI, or a folder that
 * cannot be written). The disk storage never blocks, never grows without bound and never
 * follows a symlink: it reads only a small regular file (lstat, then O_NOFOLLOW | O_NONBLOCK and
 * a check on the open descriptor), refuses anything else so it can be moved aside, and writes a
 * new file beside the old one and renames it over (replacing a symlink, never writing through
 * it). A failed write throws at once: no retry loop, so nothing stalls the event loop.
 */
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync
} from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, join, resolve } from 'node:path'

/** Settings are a few hundred bytes; anything past this is not a settings file. */
export const MAX_SETTINGS_FILE_BYTES = 1024 * 1024

export type StoredSettings =
  | { kind: 'missing' }
  | { kind: 'bytes'; bytes: Buffer }
  /** Something is there that must not be read; `reason` completes "it …" for the notice. */
  | { kind: 'refused'; reason: string }

export interface SettingsStorage {
  /** The folder settings are saved in (for messages), or 'memory'. */
  readonly folder: string
  /** The settings file's path, or 'memory'. */
  readonly path: string
  read(): StoredSettings
  /** Replaces the file with `text`; throws (an errno error) when it cannot. */
  write(text: string): void
  /** Throws when nothing could be written in the folder (checked once at start-up). */
  checkWritable(): void
  /** Renames whatever is at the settings path aside; its new name, or undefined if it could not. */
  moveAside(now: Date): string | undefined
  /** Keeps `bytes` (what was read) beside the file; its name, or undefined if it could not. */
  saveCopy(bytes: Buffer, now: Date): string | undefined
}

const FILE_NAME = 'settings.json'
const STEM = 'settings'
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0
const NON_BLOCKING = constants.O_NONBLOCK ?? 0
const MAX_BACKUP_SUFFIX = 100

/** Settings for this run only: nothing is read from or written to disk. */
export function createMemoryStorage(): SettingsStorage {
  return {
    folder: 'memory',
    path: 'memory',
    read: () => ({ kind: 'missing' }),
    write: () => undefined,
    checkWritable: () => undefined,
    moveAside: () => undefined,
    saveCopy: () => undefined
  }
}

export function createFileStorage(directory: string): SettingsStorage {
  const folder = resolve(directory)
  const path = join(folder, FILE_NAME)

  const writeNew = (target: string, data: string | Buffer): void => {
    const fd = openSync(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
      0o600
    )
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
      let written = 0
      while (written < bytes.length) written += writeSync(fd, bytes, written)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }

  const tempPath = (): string => join(folder, `.${FILE_NAME}.${randomBytes(6).toString('hex')}.tmp`)

  /** A free name for a backup: settings.corrupt-<time>.json, then -1, -2… */
  const backupPath = (now: Date): string | undefined => {
    const stamp = now.toISOString().replace(/[:.]/g, '-')
    for (let suffix = 0; suffix < MAX_BACKUP_SUFFIX; suffix += 1) {
      const name = `${STEM}.corrupt-${stamp}${suffix === 0 ? '' : `-${suffix}`}.json`
      if (!exists(join(folder, name))) return join(folder, name)
    }
    return undefined
  }

  return {
    folder,
    path,
    read: () => readSettingsFile(path),
    write(text) {
      mkdirSync(folder, { recursive: true })
      const temp = tempPath()
      writeNew(temp, text)
      try {
        renameSync(temp, path)
      } catch (error) {
        rmSync(temp, { force: true })
        throw error
      }
    },
    checkWritable() {
      mkdirSync(folder, { recursive: true })
      const temp = tempPath()
      writeNew(temp, '')
      rmSync(temp, { force: true })
    },
    moveAside(now) {
      const target = backupPath(now)
      if (target === undefined) return undefined
      try {
        renameSync(path, target)
        return basename(target)
      } catch {
        return undefined
      }
    },
    saveCopy(bytes, now) {
      const target = backupPath(now)
      if (target === undefined) return undefined
      try {
        writeNew(target, bytes)
        return basename(target)
      } catch {
        return undefined
      }
    }
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

function errnoCode(error: unknown): string | undefined {
  return error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined
}

const SYMLINK = 'it is a symbolic link, which settings never follow'

function kindOf(stats: { isDirectory(): boolean; isSymbolicLink(): boolean }): string {
  if (stats.isSymbolicLink()) return SYMLINK
  if (stats.isDirectory()) return 'it is a folder, not a file'
  return 'it is not a regular file'
}

function tooLarge(size: number): string {
  return `it is larger than 1 MiB (${(size / (1024 * 1024)).toFixed(1)} MiB), far more than settings take`
}

/** Reads settings.json if it is a small regular file; never blocks, never follows a link. */
function readSettingsFile(path: string): StoredSettings {
  let linkStats
  try {
    linkStats = lstatSync(path)
  } catch (error) {
    // ENOTDIR: the folder itself is a file; there is no settings file (writes will say why).
    const code = errnoCode(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' }
    return { kind: 'refused', reason: `it could not be read (${code ?? 'error'})` }
  }
  if (!linkStats.isFile()) return { kind: 'refused', reason: kindOf(linkStats) }
  if (linkStats.size > MAX_SETTINGS_FILE_BYTES) {
    return { kind: 'refused', reason: tooLarge(linkStats.size) }
  }
  let fd: number
  try {
    // Swapped for a link or a FIFO since the lstat: O_NOFOLLOW fails, O_NONBLOCK does not wait.
    fd = openSync(path, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING)
  } catch (error) {
    const code = errnoCode(error)
    if (code === 'ENOENT') return { kind: 'missing' }
    if (code === 'ELOOP') return { kind: 'refused', reason: SYMLINK }
    return { kind: 'refused', reason: `it could not be read (${code ?? 'error'})` }
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) return { kind: 'refused', reason: kindOf(stats) }
    // One byte more than allowed: a file that grew past the limit since the stat is caught too.
    const buffer = Buffer.alloc(MAX_SETTINGS_FILE_BYTES + 1)
    let length = 0
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null)
      if (read === 0) break
      length += read
    }
    if (length > MAX_SETTINGS_FILE_BYTES) return { kind: 'refused', reason: tooLarge(length) }
    return { kind: 'bytes', bytes: buffer.subarray(0, length) }
  } catch (error) {
    return { kind: 'refused', reason: `it could not be read (${errnoCode(error) ?? 'error'})` }
  } finally {
    closeSync(fd)
  }
}
