/**
 * npm run preview:chromium — the app for a person on machines without the Electron runtime: the
 * built renderer in Debian Chromium with the real handlers behind window.market (demo data).
 * Headed when a display exists; Ctrl+C stops it. Run `npx electron-vite build` first.
 */
import { chromium } from '@playwright/test'
import { createConsoleLogger } from '../../src/main/logging/logger'
import { startCoreForPage } from './app-session'
import globalSetup from './global-setup'
import { CHROMIUM_ARGS, CHROMIUM_PATH, RENDERER_DIR } from './paths'
import { serveDirectory } from './static-server'

async function main(): Promise<void> {
  await globalSetup()
  const headless = !process.env['DISPLAY']
  const renderer = await serveDirectory(RENDERER_DIR)
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless
  })
  const page = await browser.newPage({ viewport: null })
  const core = await startCoreForPage(page, { logger: createConsoleLogger() })
  await page.goto(renderer.url)
  console.log(
    `Market Explorer preview at ${renderer.url} in Chromium (${headless ? 'headless: no DISPLAY' : 'headed'}). Ctrl+C to stop.`
  )
  const stop = async (): Promise<void> => {
    await browser.close().catch(() => undefined)
    await core.cleanup()
    await renderer.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  browser.on('disconnected', () => void stop())
}

void main()
