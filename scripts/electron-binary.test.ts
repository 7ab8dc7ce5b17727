import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findElectronBinary, missingForDist, missingForStart } from './electron-binary'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

describe('findElectronBinary', () => {
  it('finds a binary the electron package names and that exists', () => {
    expect(
      findElectronBinary(
        () => '/opt/electron',
        () => true
      )
    ).toEqual({
      found: true,
      path: '/opt/electron'
    })
  })

  it('says the download was skipped when require("electron") throws', () => {
    const result = findElectronBinary(() => {
      throw new Error('Electron failed to install correctly')
    })
    expect(result).toEqual({
      found: false,
      why: 'the electron package has no binary; its download was skipped or failed'
    })
  })

  it('says the binary is not there when its path does not exist', () => {
    expect(
      findElectronBinary(
        () => '/gone/electron',
        () => false
      )
    ).toEqual({
      found: false,
      why: 'the binary it names is not at /gone/electron'
    })
  })
})

describe('messages', () => {
  it('start: one paragraph with what is missing, how to install it, and the Chromium preview', () => {
    const text = missingForStart('x')
    expect(text).toMatch(/Electron binary is missing \(x\)/)
    expect(text).toMatch(/node node_modules\/electron\/install\.js/)
    expect(text).toMatch(/npm run preview:chromium/)
    expect(text.split('\n\n')).toHaveLength(1)
  })

  it('dist: one line', () => {
    expect(missingForDist('x').split('\n')).toHaveLength(1)
  })
})

describe('npm start without the Electron binary', () => {
  it('prints the paragraph and exits 1, with no stack trace', () => {
    // electron's own index.js honours this variable: a folder with no binary in it.
    const nowhere = join(ROOT, 'no-electron-here')
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/launch.ts'), 'preview'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: nowhere } }
    )
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines[0]).toMatch(/^Market Explorer cannot start: the Electron binary is missing \(/)
    expect(run.stderr).toContain(nowhere)
    expect(run.stderr).toMatch(/npm run preview:chromium/)
    expect(run.stderr).not.toMatch(/\n\s+at |Error:/)
    expect(run.stdout).toBe('')
  })
})
