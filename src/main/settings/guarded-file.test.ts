/**
 * The checks around conf: the store (conf, electron-store) is never created while something other
 * than a small regular file sits at the path, even when that entry cannot be moved aside.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { asUnprivileged, makeFifo } from '../../../test/support/settings/hostile-storage'
import { openGuardedFile } from './guarded-file'

let base: string
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'market-guarded-'))
})
afterEach(() => {
  chmodSync(join(base, 'folder'), 0o755)
  rmSync(base, { recursive: true, force: true })
})

it('a FIFO that cannot be moved aside never reaches the store: read refused, write fails', () => {
  const folder = join(base, 'folder')
  mkdirSync(folder)
  makeFifo(join(folder, 'settings.json'))
  chmodSync(base, 0o755)
  chmodSync(folder, 0o555)
  const createStore = vi.fn(() => ({ store: {} }))
  const file = openGuardedFile(folder, 'settings', createStore)
  asUnprivileged(() => {
    expect(file.read()).toEqual({ kind: 'refused', reason: 'it is not a regular file' })
    expect(file.moveAside(new Date())).toBeUndefined()
    expect(() => file.write({ schemaVersion: 3 })).toThrow(/settings\.json is in the way/)
  })
  expect(createStore).not.toHaveBeenCalled()
})
