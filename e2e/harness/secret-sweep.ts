/**
 * The secrets sweep: every test leaves what the app left behind (DOM snapshots, IndexedDB dump,
 * window globals and localStorage, main-process log lines, console output, the data folder with
 * the settings file) under SWEEP_DIR, and the keys that were in play under SWEEP_KEYS_DIR. After the
 * whole suite, global-teardown scans every artifact for every key (see scanSweep).
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { indexedDbRecords } from './indexed-db'
import { ROOT } from './paths'

export const SWEEP_DIR = join(ROOT, 'test-results/secret-sweep')
export const SWEEP_ARTIFACTS_DIR = join(SWEEP_DIR, 'artifacts')
/** Test keys only (made up by the specs or the demo service): kept apart so they are not scanned. */
export const SWEEP_KEYS_DIR = join(SWEEP_DIR, 'keys')

const folders = new WeakMap<Page, string>()
let snapshotCounter = 0

export function slugForTest(titlePath: readonly string[]): string {
  return titlePath
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)
}

/** Starts a test's sweep folder; returns a function that records a key that was in play. */
export function startSweep(page: Page, slug: string): (key: string) => void {
  const folder = join(SWEEP_ARTIFACTS_DIR, slug)
  mkdirSync(folder, { recursive: true })
  mkdirSync(SWEEP_KEYS_DIR, { recursive: true })
  folders.set(page, folder)
  const keys = new Set<string>()
  return (key) => {
    keys.add(key)
    writeFileSync(join(SWEEP_KEYS_DIR, `${slug}.json`), JSON.stringify([...keys]))
  }
}

/** Saves the page's DOM as it is now (called at every screenshot and at the end of a test). */
export async function snapshotDom(page: Page, label: string): Promise<void> {
  const folder = folders.get(page)
  if (!folder) return
  snapshotCounter += 1
  const name = `${String(snapshotCounter).padStart(3, '0')}-${label}.dom.html`
  writeFileSync(join(folder, name), await page.content())
}

/** Everything the renderer and main hold at the end of a test. */
export async function finishSweep(
  page: Page,
  leftovers: { logLines: unknown[]; consoleLines: string[]; userDataDir: string }
): Promise<void> {
  const folder = folders.get(page)
  if (!folder) return
  if (!page.isClosed() && page.url().startsWith('http')) {
    await snapshotDom(page, 'end')
    const records = await indexedDbRecords(page)
    writeFileSync(join(folder, 'indexeddb.json'), JSON.stringify(records, null, 1))
    const storage = await page.evaluate(() => {
      const globals: Record<string, string> = {}
      for (const name of Object.getOwnPropertyNames(window)) {
        try {
          const value: unknown = (window as unknown as Record<string, unknown>)[name]
          if (typeof value !== 'function') globals[name] = JSON.stringify(value) ?? ''
        } catch {
          globals[name] = '<unreadable>'
        }
      }
      return { globals, localStorage: { ...localStorage }, sessionStorage: { ...sessionStorage } }
    })
    writeFileSync(join(folder, 'web-storage-and-globals.json'), JSON.stringify(storage))
  }
  writeFileSync(
    join(folder, 'main-log.jsonl'),
    leftovers.logLines.map((line) => JSON.stringify(line)).join('\n')
  )
  writeFileSync(join(folder, 'console.txt'), leftovers.consoleLines.join('\n'))
  if (existsSync(leftovers.userDataDir)) {
    cpSync(leftovers.userDataDir, join(folder, 'user-data'), { recursive: true })
  }
}
