/**
 * The CLI's route memory (routes.json in its config folder) read and written like settings.json:
 * whatever sits at routes.json (a FIFO, a symlink to /dev/zero, a 600 MB file) the CLI answers at
 * once with little memory and moves the entry aside untouched; a write never goes through a link
 * (at routes.json or at a temp name beside it) and leaves a file only the user can read.
 * The hostile entries are opened in a child process bounded in time and memory.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { providerLayout, specLayout } from '@shared/settings'
import { makeFifo, openRoutesInChild } from '../../test/support/settings/hostile-storage'
import { openRouteMemory, ROUTES_FILE } from './route-memory'

const BASE_URL = 'https://api.example.com/v1'
const CHILD_TIMEOUT_MS = 20_000
/** Node and tsx take well under this; reading a 600 MB file (or /dev/zero) takes far more. */
const MAX_CHILD_RSS_MIB = 300
const MIB = 1024 * 1024

let dir: string
let routesPath: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'market-routes-'))
  routesPath = join(dir, ROUTES_FILE)
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const movedAside = (): string | undefined =>
  readdirSync(dir).find((name) => name.startsWith('routes.corrupt-'))
const savedLayouts = (): unknown =>
  (JSON.parse(readFileSync(routesPath, 'utf8')) as { layouts: unknown }).layouts

describe('route memory', () => {
  it('remembers a layout per base URL for the next run, in a file only the user can read', () => {
    openRouteMemory(dir).remember(BASE_URL, providerLayout())
    expect(openRouteMemory(dir).recall(BASE_URL)).toEqual(providerLayout())
    expect(statSync(routesPath).mode & 0o777).toBe(0o600)
  })

  it('a file that is not valid JSON, or not ours, is an empty memory and is replaced', () => {
    for (const text of ['{"version": 1, "lay', JSON.stringify({ version: 9, layouts: {} })]) {
      writeFileSync(routesPath, text)
      const memory = openRouteMemory(dir)
      expect(memory.recall(BASE_URL)).toBeUndefined()
      memory.remember(BASE_URL, specLayout('query'))
      expect(openRouteMemory(dir).recall(BASE_URL)).toEqual(specLayout('query'))
    }
  })

  it('a folder that cannot be used keeps the layouts in memory for the run', () => {
    writeFileSync(join(dir, 'plain-file'), 'not a folder')
    const memory = openRouteMemory(join(dir, 'plain-file', 'cli'))
    memory.remember(BASE_URL, providerLayout())
    memory.remember('https://other.example.com', specLayout('query'))
    expect(memory.recall(BASE_URL)).toEqual(providerLayout())
    expect(readdirSync(dir)).toEqual(['plain-file'])
  })
})

describe('whatever sits at routes.json', () => {
  it('a FIFO: the CLI answers at once; the FIFO is moved aside and a file written', async () => {
    makeFifo(routesPath)
    const child = await openRoutesInChild(dir, CHILD_TIMEOUT_MS)
    expect(child.answer, `child: ${child.signal ?? child.exitCode} ${child.stderr}`).not.toBeNull()
    const moved = movedAside()
    expect(moved && lstatSync(join(dir, moved)).isFIFO()).toBe(true)
    expect(savedLayouts()).toEqual({ [BASE_URL]: specLayout('both') })
  }, 60_000)

  it('a symlink to /dev/zero is never read: little memory, the link moved aside', async () => {
    symlinkSync('/dev/zero', routesPath)
    const child = await openRoutesInChild(dir, CHILD_TIMEOUT_MS)
    expect(child.answer, `child: ${child.signal ?? child.exitCode} ${child.stderr}`).not.toBeNull()
    expect(child.answer?.maxRssMiB).toBeLessThan(MAX_CHILD_RSS_MIB)
    const moved = movedAside()
    expect(moved && readlinkSync(join(dir, moved))).toBe('/dev/zero')
    expect(lstatSync(routesPath).isFile()).toBe(true)
  }, 60_000)

  it('a 600 MB file is never read: little memory, the file moved aside whole', async () => {
    writeFileSync(routesPath, JSON.stringify({ version: 1, layouts: {} }))
    truncateSync(routesPath, 600 * MIB)
    const child = await openRoutesInChild(dir, CHILD_TIMEOUT_MS)
    expect(child.answer, `child: ${child.signal ?? child.exitCode} ${child.stderr}`).not.toBeNull()
    expect(child.answer?.maxRssMiB).toBeLessThan(MAX_CHILD_RSS_MIB)
    const moved = movedAside()
    expect(moved && statSync(join(dir, moved)).size).toBe(600 * MIB)
    expect(savedLayouts()).toEqual({ [BASE_URL]: specLayout('both') })
  }, 60_000)

  it('a symlink planted at a temp name beside routes.json is never written through', () => {
    const target = join(dir, 'elsewhere.txt')
    writeFileSync(target, 'do not touch')
    // The temp name the CLI's writer used (predictable: the process id).
    symlinkSync(target, join(dir, `${ROUTES_FILE}.${process.pid}.tmp`))
    openRouteMemory(dir).remember(BASE_URL, providerLayout())
    expect(readFileSync(target, 'utf8')).toBe('do not touch')
    expect(savedLayouts()).toEqual({ [BASE_URL]: providerLayout() })
  })

  it('a symlink at routes.json is moved aside, its target never read or written', () => {
    const target = join(dir, 'elsewhere.json')
    const theirs = JSON.stringify({ version: 1, layouts: { [BASE_URL]: providerLayout() } })
    writeFileSync(target, theirs)
    symlinkSync(target, routesPath)
    const memory = openRouteMemory(dir)
    expect(memory.recall(BASE_URL)).toBeUndefined()
    memory.remember(BASE_URL, specLayout('query'))
    expect(readFileSync(target, 'utf8')).toBe(theirs)
    expect(lstatSync(routesPath).isFile()).toBe(true)
    const moved = movedAside()
    expect(moved && readlinkSync(join(dir, moved))).toBe(target)
    expect(savedLayouts()).toEqual({ [BASE_URL]: specLayout('query') })
  })

  it('a folder at routes.json is moved aside with what it holds', () => {
    mkdirSync(routesPath)
    writeFileSync(join(routesPath, 'inside.txt'), 'kept')
    const memory = openRouteMemory(dir)
    memory.remember(BASE_URL, providerLayout())
    const moved = movedAside()
    expect(moved && readFileSync(join(dir, moved, 'inside.txt'), 'utf8')).toBe('kept')
    expect(openRouteMemory(dir).recall(BASE_URL)).toEqual(providerLayout())
  })
})
