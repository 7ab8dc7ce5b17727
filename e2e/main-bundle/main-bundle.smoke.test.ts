/**
 * The built main bundle (out/main/index.js) under plain Node with a recording stand-in for
 * `electron`, from a folder whose path holds a space, [ ] ~ % # and non-ASCII letters: launch,
 * window, IPC through the built preload, untrusted senders, menu, close, quit and exit.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { layOutCheckout, layOutInstalled, ROOT, walkConfig } from './app-layout'
import type { AppOnDisk } from './app-layout'
import { buildWalk, runWalk } from './run-walk'

const WALK_BOUND_MS = 60_000

let scratch = ''
let walkFile = ''

beforeAll(async () => {
  // The real path: Node loads modules by theirs (macOS's tmpdir is a symlink into /private).
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'market-main-bundle-')))
  walkFile = await buildWalk(join(ROOT, 'test-results/main-bundle'))
})
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
})

async function walkApp(layOut: (under: string) => AppOnDisk, name: string) {
  const under = join(scratch, name)
  const app = layOut(under)
  const run = await runWalk(walkFile, walkConfig(app, join(under, 'user')), WALK_BOUND_MS)
  const failed = (run.report?.checks ?? []).filter((check) => !check.ok)
  expect(run.report, `no report from the walk:\n${run.stdout}\n${run.stderr}`).toBeDefined()
  expect(failed, `checks that failed (main's log:\n${run.stderr})`).toEqual([])
  expect(run.exit?.unhandled, 'unhandled rejections or exceptions').toEqual([])
  expect(run.exit, 'Node exits by itself, within the bound, once the app quit').toMatchObject({
    drained: true
  })
  expect(run.exitCode).toBe(0)
  return run
}

describe('the built main bundle, as Electron runs it', () => {
  it('runs from a checkout in a folder named with [ ] ~ % # and non-ASCII letters', async () => {
    const run = await walkApp(layOutCheckout, 'checkout')
    expect(run.report?.checks.length).toBeGreaterThan(40)
  })

  it('runs in the packaged layout (app.isPackaged, resources path)', async () => {
    await walkApp(layOutInstalled, 'installed')
  })
})
