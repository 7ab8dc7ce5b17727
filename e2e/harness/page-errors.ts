import type { Page } from '@playwright/test'

type WatchedWindow = Window & { __unhandledRejections?: string[] }

/** From the next page load on, records every promise rejection nobody handled. */
export async function watchUnhandledRejections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as WatchedWindow).__unhandledRejections = seen
    window.addEventListener('unhandledrejection', (event) => {
      const reason: unknown = event.reason
      seen.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason))
    })
  })
}

/** The rejections recorded since the page (re)loaded. */
export async function unhandledRejections(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as WatchedWindow).__unhandledRejections ?? [])
}
