import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')
export const RENDERER_DIR = resolve(ROOT, 'out/renderer')
export const PAGE_BRIDGE_BUNDLE = resolve(ROOT, 'test-results/harness/page-bridge.js')
export const SCREENSHOT_DIR = resolve(ROOT, 'e2e/screenshots')
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run'
]
