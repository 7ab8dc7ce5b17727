/**
 * Playwright fixtures: each test gets its own data folder, the real app core (handlers, client,
 * settings store, embedded service over HTTP) in this process, and a page whose window.market is
 * the preload's bridge routed through page.exposeBinding to the real IPC dispatcher. Only Electron's
 * transport and safeStorage are substituted (an explicit in-memory vault).
 */
import { test as base, chromium, expect } from '@playwright/test'
import type { Browser, Page } from '@playwright/test'
import { ERRORS } from '@shared/errors/catalogue'
import type { Handlers } from '@shared/operations'
import { failure } from '@shared/result'
import type { ReportExporter } from '../../src/main/save-dialog/save-file'
import { capturingLogger } from '../../test/support/logging/capturing-logger'
import type { LogLine } from '../../test/support/logging/capturing-logger'
import { startCoreForPage } from './app-session'
import { finishSweep, slugForTest, startSweep } from './secret-sweep'
import { CHROMIUM_ARGS, CHROMIUM_PATH, RENDERER_DIR } from './paths'
import { serveDirectory } from './static-server'
import type { StaticServer } from './static-server'

export interface AppHarness {
  page: Page
  url: string
  handlers: Handlers
  logLines: LogLine[]
  consoleLines: string[]
  userDataDir: string
  /** Opens the app and waits for the ready sentinel. */
  open(): Promise<void>
  /** Main's report export from now on (default: none, as in a plain browser). */
  exportReportsWith(exporter: ReportExporter): void
}

export const test = base.extend<
  { app: AppHarness },
  { browserInstance: Browser; renderer: StaticServer }
>({
  browserInstance: [
    async ({}, use) => {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
      await use(browser)
      await browser.close()
    },
    { scope: 'worker' }
  ],
  renderer: [
    async ({}, use) => {
      const server = await serveDirectory(RENDERER_DIR)
      await use(server)
      await server.close()
    },
    { scope: 'worker' }
  ],
  app: async ({ browserInstance, renderer }, use, testInfo) => {
    const logLines: LogLine[] = []
    const consoleLines: string[] = []
    const pageErrors: string[] = []
    const context = await browserInstance.newContext({ viewport: { width: 1280, height: 820 } })
    const page = await context.newPage()
    const onKeyInPlay = startSweep(page, slugForTest(testInfo.titlePath))
    let exportReport: ReportExporter | undefined
    const core = await startCoreForPage(page, {
      logger: capturingLogger(logLines),
      onKeyInPlay,
      exportReport: async (input) =>
        exportReport ? exportReport(input) : failure(ERRORS.reportUnavailable())
    })
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      consoleLines.push(`${message.type()}: ${message.text()}`)
      if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`)
    })
    const harness: AppHarness = {
      page,
      url: renderer.url,
      handlers: core.handlers,
      logLines,
      consoleLines,
      userDataDir: core.dir,
      open: async () => {
        await page.goto(renderer.url)
        await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
      },
      exportReportsWith: (exporter) => {
        exportReport = exporter
      }
    }
    try {
      await use(harness)
      await finishSweep(page, { logLines, consoleLines, userDataDir: core.dir })
    } finally {
      await context.close()
      await core.cleanup()
    }
    expect(pageErrors, 'uncaught page errors or console errors').toEqual([])
  }
})

export { expect }
