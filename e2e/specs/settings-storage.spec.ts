/**
 * The settings folder stops accepting writes while the app runs: a change still applies (kept
 * in memory) and the notices banner says where, why, and that it lasts until quitting.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync } from 'node:fs'
import { expect, test } from '../harness/fixtures'
import { screenshotBothThemes } from '../harness/screenshots'

/** Root ignores file modes, so as root the folder is made immutable instead; returns the undo. */
function makeUnwritable(folder: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', folder])
    return () => execFileSync('chattr', ['-i', folder])
  }
  chmodSync(folder, 0o555)
  return () => chmodSync(folder, 0o755)
}

test('a settings folder that cannot be written: the change applies, the banner says why', async ({
  app
}) => {
  const { page } = app
  await page.setViewportSize({ width: 960, height: 600 })
  await app.open()
  await page.getByTestId('nav-settings').click()
  const restore = makeUnwritable(app.userDataDir)
  try {
    await page.getByTestId('rent-period').getByRole('radio', { name: 'Per month' }).click()
    await expect(
      page.getByTestId('rent-period').getByRole('radio', { name: 'Per month' })
    ).toBeChecked()
    // The banner follows the connection status, which is re-read every 10 s.
    await expect(page.getByTestId('app-notices')).toContainText(
      `Settings could not be saved to ${app.userDataDir} (permission denied), so changes last until you quit.`,
      { timeout: 25_000 }
    )
    const settings = await app.handlers.getSettings()
    expect(settings.ok && settings.data.rentPeriod).toBe('month')
    await page.getByTestId('app-notices').scrollIntoViewIfNeeded()
    await expect(page.getByTestId('app-notices')).toBeInViewport()
    await screenshotBothThemes(page, 'settings-unwritable')
  } finally {
    restore()
  }
})
