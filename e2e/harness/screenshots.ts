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
