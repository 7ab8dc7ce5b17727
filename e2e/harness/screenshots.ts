import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { SCREENSHOT_DIR } from './paths'
import { snapshotDom } from './secret-sweep'

/** Saves `<name>-light.png` and `<name>-dark.png` of the current screen. */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await snapshotDom(page, name)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${name}-${colorScheme}.png`,
      animations: 'disabled'
    })
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })
}

/** The smallest window the app must read well in. */
export const SMALL_VIEWPORT = { width: 960, height: 600 }

/** Like screenshotBothThemes, also at 960×600 (`<name>-960-light.png`, …). */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  await screenshotBothThemes(page, name)
  const size = page.viewportSize()
  await page.setViewportSize(SMALL_VIEWPORT)
  try {
    await screenshotBothThemes(page, `${name}-960`)
  } finally {
    if (size) await page.setViewportSize(size)
  }
}
