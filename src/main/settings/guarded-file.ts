/**
 * The JSON files the app and the CLI keep in their own folders (settings.json; the CLI's
 * routes.json), read and written by conf (in the app by electron-store, which is a conf), with
 * the checks conf lacks kept around it. conf reads with readFileSync, which follows a link, waits
 * for ever on a FIFO and reads any size, and its writer (atomically) resolves a link at the path
 * and replaces the link's target. So right before conf touches the path, what sits there is
 * looked at (lstat: never follows, never blocks): a regular file of at most 1 MiB, or nothing.
 * Anything else the caller moves aside on reading (<name>.corrupt-<time>.json, untouched), and a
 * write moves it aside itself. An entry swapped in between the lstat and conf's open is not seen.
 * conf writes a temp file, mode 0600, and renames it over the path; the temp name
 * (<name>.json.tmp-<ms><24 random bits>) cannot be known in advance, but a link planted at that
 * exact name would be followed. Temp files a killed writer left are swept when a file is opened.
 */
import Conf from 'conf'
import type { Dir } from 'node:fs'
import {
  closeSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  opendirSync,
  openSync,
  renameSync,
  unlinkSync
} from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { errnoCode } from '../logging/logger'

/** Settings and routes take a few kilobytes; anything past this is not one of our files. */
const MAX_FILE_BYTES = 1024 * 1024
/** A temp file this old is not being written: conf's writes take milliseconds. */
const STALE_TEMP_MS = 60_000
const MAX_BACKUP_SUFFIX = 100
const MAX_SWEPT_ENTRIES = 10_000

type FileContent =
  | { kind: 'missing' }
  | { kind: 'json'; value: Record<string, unknown> }
  /** Something is there that must not be used; `reason` completes "it …" for a notice. */
  | { kind: 'refused'; reason: string }

/** The part of conf used here: electron-store is a conf; a test double can stand in. */
interface JsonStore {
  store: Record<string, unknown>
}
type CreateJsonStore = (options: ReturnType<typeof confOptions>) => JsonStore

export type GuardedFile = ReturnType<typeof openGuardedFile>

/** conf's options for a file of ours: tab-indented text, mode 0600, nothing reset behind our back. */
function confOptions(folder: string, name: string) {
  return {
    cwd: folder,
    configName: name,
    configFileMode: 0o600,
    serialize: (value: Record<string, unknown>) => `${JSON.stringify(value, null, '\t')}\n`,
    clearInvalidConfig: false,
    watch: false
  }
}

/** A file for this run only: nothing is read from or written to disk. */
export function memoryFile(): GuardedFile {
  return {
    folder: 'memory',
    path: 'memory',
    read: () => ({ kind: 'missing' }),
    write: () => undefined,
    moveAside: () => undefined,
    copyAside: () => undefined
  }
}

/** `<name>.json` in `directory`, read and written by the store `createStore` makes (conf). */
export function openGuardedFile(
  directory: string,
  name: string,
  createStore: CreateJsonStore = (options) => new Conf<Record<string, unknown>>(options)
) {
  const folder = resolve(directory)
  const fileName = `${name}.json`
  const path = join(folder, fileName)
  sweepStaleTemps(folder, fileName)
  let store: JsonStore | undefined
  // Created on first use, only once the path was looked at: conf reads the file when created.
  const conf = (): JsonStore => (store ??= createStore(confOptions(folder, name)))

  /** Moves or copies the file to a free name beside it: <name>.corrupt-<time>.json, then -1, -2… */
  const aside = (now: Date, move: (target: string) => void): string | undefined => {
    const stamp = now.toISOString().replace(/[:.]/g, '-')
    for (let suffix = 0; suffix < MAX_BACKUP_SUFFIX; suffix += 1) {
      const backup = `${name}.corrupt-${stamp}${suffix === 0 ? '' : `-${suffix}`}.json`
      if (lookAt(join(folder, backup)).kind !== 'missing') continue
      try {
        move(join(folder, backup))
        return backup
      } catch {
        return undefined
      }
    }
    return undefined
  }
  /** Renames whatever is at the path aside; its new name, or undefined if it could not. */
  const moveAside = (now: Date) => aside(now, (target) => renameSync(path, target))

  return {
    /** The folder the file is kept in (for messages), or 'memory'. */
    folder,
    /** The file's path, or 'memory'. */
    path,
    read(): FileContent {
      const found = lookAt(path)
      if (found.kind !== 'file') return found
      try {
        return { kind: 'json', value: conf().store }
      } catch (error) {
        if (error instanceof SyntaxError) return refused('it is not valid JSON')
        return refused(`it could not be read (${errnoCode(error) ?? 'error'})`)
      }
    },
    /** Replaces the file's content; throws (an errno error) when nothing can be written. */
    write(value: Record<string, unknown>): void {
      if (lookAt(path).kind === 'refused' && moveAside(new Date()) === undefined) {
        throw new Error(`${fileName} is in the way and could not be moved aside`)
      }
      // A folder that cannot be written fails here at once; conf would retry for a second.
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const probe = join(folder, `.${fileName}.${randomBytes(6).toString('hex')}.tmp`)
      closeSync(openSync(probe, 'wx', 0o600))
      unlinkSync(probe)
      conf().store = value
    },
    moveAside,
    /** Copies the file aside byte for byte; the copy's name, or undefined if it could not. */
    copyAside: (now: Date) =>
      aside(now, (target) => copyFileSync(path, target, constants.COPYFILE_EXCL))
  }
}

function refused(reason: string): { kind: 'refused'; reason: string } {
  return { kind: 'refused', reason }
}

/** What sits at `path`, without following a link or opening anything. */
function lookAt(path: string): Exclude<FileContent, { kind: 'json' }> | { kind: 'file' } {
  let entry
  try {
    entry = lstatSync(path)
  } catch (error) {
    // ENOTDIR: the folder itself is a file; there is no file (a write will say why).
    const code = errnoCode(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' }
    return refused(`it could not be read (${code ?? 'error'})`)
  }
  if (entry.isSymbolicLink()) return refused('it is a symbolic link, which is never followed')
  if (entry.isDirectory()) return refused('it is a folder, not a file')
  if (!entry.isFile()) return refused('it is not a regular file')
  if (entry.size > MAX_FILE_BYTES) {
    const mib = (entry.size / MAX_FILE_BYTES).toFixed(1)
    return refused(`it is larger than 1 MiB (${mib} MiB), far more than needed`)
  }
  return { kind: 'file' }
}

/**
 * Removes temp files of `fileName` older than a minute: conf's (<file>.tmp-<ms><random>) and
 * those of the writers before it (.<file>.<random>.tmp, <file>.<pid>.tmp). Only regular files:
 * a link is never followed nor removed, a folder never entered. Looks at the first
 * MAX_SWEPT_ENTRIES names only, so a folder stuffed with names cannot stall a start.
 */
function sweepStaleTemps(folder: string, fileName: string): void {
  const file = fileName.replaceAll('.', '\\.')
  const temp = new RegExp(
    `^(?:${file}\\.tmp-\\d{10}[0-9a-f]{6}|\\.${file}\\.[0-9a-f]{12}\\.tmp|${file}\\.\\d+\\.tmp)$`
  )
  let listing: Dir | undefined
  try {
    listing = opendirSync(folder)
    for (let seen = 0; seen < MAX_SWEPT_ENTRIES; seen += 1) {
      const entry = listing.readSync()
      if (entry === null) break
      if (!entry.isFile() || !temp.test(entry.name)) continue
      const path = join(folder, entry.name)
      if (Date.now() - lstatSync(path).mtimeMs > STALE_TEMP_MS) unlinkSync(path)
    }
  } catch {
    // No folder yet, or an entry gone meanwhile: what is left, the next start sweeps.
  } finally {
    listing?.closeSync()
  }
}
