/**
 * A fresh page of the built app (1280×820) with the real core behind window.market, in remote mode
 * at `baseUrl` with a session key: what the latency and rankings rows each open. Its profile folder
 * and core are gone when `run` ends.
 */
import type { Browser, Page } from '@playwright/test'
import { startCoreForPage } from '../../e2e/harness/app-session'
import type { AppCore } from '../../src/main/core/app-core'

export async function withRemotePage<T>(
  browser: Browser,
  options: {
    baseUrl: string
    key: string
    /** Other settings to save with the connection (e.g. bed types). */
    settings?: Omit<Parameters<AppCore['handlers']['updateSettings']>[0], 'baseUrl'>
  },
  run: (page: Page) => Promise<T>
): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } })
  const page = await context.newPage()
  const core = await startCoreForPage(page)
  try {
    await core.handlers.updateSettings({
      ...options.settings,
      connectionMode: 'remote',
      baseUrl: options.baseUrl
    })
    await core.handlers.setApiKey({ key: options.key, persistence: 'session' })
    return await run(page)
  } finally {
    await context.close()
    await core.cleanup()
  }
}

/**
 * Opens Rankings on residential, sale, 2 beds (in `city`, or every city), asking before more than
 * `confirmAbove` lookups.
 */
export async function seedRankingsView(page: Page, confirmAbove: number, city = ''): Promise<void> {
  await page.addInitScript(
    ({ above, city }) => {
      window.localStorage.setItem(
        'me.rankingsView',
        JSON.stringify({
          sector: 'residential',
          type: 'sale',
          beds: '2',
          country: '',
          city,
          confirmAbove: above
        })
      )
    },
    { above: confirmAbove, city }
  )
}
