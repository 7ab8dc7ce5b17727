import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { defaultLookup, findChromium } from './browser'

export const ROOT = resolve(import.meta.dirname, '../..')
export const RENDERER_DIR = resolve(ROOT, 'out/renderer')
export const PAGE_BRIDGE_BUNDLE = resolve(ROOT, 'test-results/harness/page-bridge.js')
export const SCREENSHOT_DIR = resolve(ROOT, 'e2e/screenshots')
/** The e2e browser: CHROMIUM_PATH, Playwright's own Chromium, or the system's (browser.ts). */
export const BROWSER = findChromium(defaultLookup(() => chromium.executablePath()))
/** Undefined when there is none: Playwright then says its own browser is not installed. */
export const CHROMIUM_PATH = BROWSER.found ? BROWSER.path : undefined
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run'
]
