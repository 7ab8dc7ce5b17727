import type { Page } from '@playwright/test'
import { expect, test } from '../harness/fixtures'

/** Presses Tab until the element with this test id has focus (no mouse involved). */
async function tabTo(page: Page, testId: string, maxPresses = 40): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))
    if (focused === testId) return
  }
  throw new Error(`${testId} never received focus by Tab`)
}

test('keyboard only: find and open a location, add it to compare, see it there', async ({
  app
}) => {
  const { page } = app
  await app.open()
  await page.keyboard.press('Control+k')
  await expect(page.getByTestId('location-search')).toBeFocused()
  await page.keyboard.type('maita')
  await expect(page.getByTestId('location-listbox').getByRole('option')).toHaveCount(1)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('location-name')).toHaveText('Maitama')

  await tabTo(page, 'add-to-compare')
  await page.keyboard.press('Enter')
  await tabTo(page, 'nav-compare')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('screen-compare')).toBeVisible()
  await expect(page.getByTestId('compare-table')).toContainText('Maitama')
})
