/**
 * What the reliability suite puts at settings.json: each entry, the notice it must produce, and
 * how to tell that the entry moved aside is what was there (a link's target untouched).
 */
import {
  lstatSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { makeFifo } from '../../test/support/settings/hostile-storage'
import { DEFAULT_SETTINGS } from '@shared/settings'

export const MIB = 1024 * 1024

export const darkFile = JSON.stringify({
  schemaVersion: 1,
  settings: { ...DEFAULT_SETTINGS, theme: 'dark' }
})

export interface EntryCase {
  name: string
  make(path: string, directory: string): void
  notice: RegExp
  /** The moved-aside entry is what was there (and a link's target is untouched). */
  intact(moved: string, directory: string): boolean
}

export const ENTRY_CASES: EntryCase[] = [
  {
    name: 'a FIFO',
    make: (path) => makeFifo(path),
    notice: /not a regular file/,
    intact: (moved) => lstatSync(moved).isFIFO()
  },
  {
    name: 'a symlink to /dev/zero',
    make: (path) => symlinkSync('/dev/zero', path),
    notice: /symbolic link/,
    intact: (moved) => readlinkSync(moved) === '/dev/zero'
  },
  {
    name: 'a 200 MB file (sparse)',
    make: (path) => {
      writeFileSync(path, darkFile)
      truncateSync(path, 200 * MIB)
    },
    notice: /larger than 1 MiB/,
    intact: (moved) => statSync(moved).size === 200 * MIB
  },
  {
    name: 'a symlink to a settings file elsewhere',
    make: (path, directory) => {
      writeFileSync(join(directory, 'elsewhere.json'), darkFile)
      symlinkSync(join(directory, 'elsewhere.json'), path)
    },
    notice: /symbolic link/,
    intact: (moved, directory) =>
      readlinkSync(moved) === join(directory, 'elsewhere.json') &&
      readFileSync(join(directory, 'elsewhere.json'), 'utf8') === darkFile
  }
]
