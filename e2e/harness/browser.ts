/**
 * Which Chromium the e2e suite, the preview and the benchmarks open, found the way a
 * contributor's machine has one: CHROMIUM_PATH, then Playwright's own Chromium
 * (`npx playwright install chromium`), then the system's.
 */
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

export type BrowserSource = 'CHROMIUM_PATH' | 'Playwright' | 'system'

export type BrowserChoice =
  { found: true; path: string; source: BrowserSource } | { found: false; why: string }

/** Commands a system Chromium or Chrome is started with, looked up on PATH in this order. */
const SYSTEM_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']

/** Where macOS and Windows install them (not on PATH there). */
const SYSTEM_INSTALLS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe'
]

export interface BrowserLookup {
  env: Record<string, string | undefined>
  /** Where Playwright's own Chromium would be (playwright-core's executablePath()). */
  playwrightPath: () => string | undefined
  exists: (path: string) => boolean
}

export function findChromium(lookup: BrowserLookup): BrowserChoice {
  const { env, exists } = lookup
  const chosen = env['CHROMIUM_PATH']
  if (chosen) {
    return exists(chosen)
      ? { found: true, path: chosen, source: 'CHROMIUM_PATH' }
      : { found: false, why: `CHROMIUM_PATH is set to ${chosen}, which does not exist` }
  }
  let playwright: string | undefined
  try {
    playwright = lookup.playwrightPath()
  } catch {
    playwright = undefined
  }
  if (playwright && exists(playwright))
    return { found: true, path: playwright, source: 'Playwright' }
  const onPath = (env['PATH'] ?? '').split(delimiter).filter(Boolean)
  for (const command of SYSTEM_COMMANDS) {
    for (const folder of onPath) {
      const path = join(folder, command)
      if (exists(path)) return { found: true, path, source: 'system' }
    }
  }
  for (const path of SYSTEM_INSTALLS) {
    if (exists(path)) return { found: true, path, source: 'system' }
  }
  return {
    found: false,
    why:
      'no Chromium found: set CHROMIUM_PATH, run `npx playwright install chromium`, or install ' +
      'Chromium or Chrome (Debian/Ubuntu: apt-get install chromium)'
  }
}

/** One line for the log: which browser, and why that one. */
export function describeChoice(choice: BrowserChoice): string {
  if (!choice.found) return `Browser for the e2e suite: none (${choice.why})`
  const why = {
    CHROMIUM_PATH: 'from CHROMIUM_PATH',
    Playwright: "Playwright's own Chromium",
    system: "the system's"
  }[choice.source]
  return `Browser for the e2e suite: ${choice.path} (${why})`
}

export function defaultLookup(playwrightPath: () => string | undefined): BrowserLookup {
  return { env: process.env, playwrightPath, exists: existsSync }
}
