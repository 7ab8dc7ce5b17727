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

/** Presses Tab (or Shift+Tab) until the focused element has this accessible label or text. */
async function tabToLabel(page: Page, label: string, key = 'Tab', maxPresses = 60): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(key)
    const focused = await page.evaluate(
      () =>
        document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent
    )
    if (focused?.trim() === label) return
  }
  throw new Error(`"${label}" never received focus by ${key}`)
}

const focusedTestId = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName
  )

test('keyboard only: tabs keep focus and query, focus follows each screen, Enter opens what is typed, Ctrl+K in the add panel', async ({
  app
}) => {
  const { page } = app
  await app.open()
  const search = page.getByTestId('location-search')
  await page.keyboard.press('Control+k')
  await expect(search).toBeFocused()
  await page.keyboard.type('lagos')

  // The sector switch (radios): arrows move between them, focus and the query stay.
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('radio', { name: 'Residential' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Land' })).toBeFocused()
  await expect(page.getByRole('radio', { name: 'Land' })).toBeChecked()
  await expect(page.getByRole('listbox', { name: 'Land locations' })).toBeVisible()
  await expect(search).toHaveValue('lagos')
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('radio', { name: 'Residential' })).toBeFocused()
  // The picker is rebuilt for the sector: Tab only once the residential list is on screen (a Tab
  // into the land picker about to be replaced lost focus, and then the Enter, on a loaded machine).
  await expect(page.getByRole('listbox', { name: 'Residential locations' })).toBeVisible()

  // Enter straight after the last keystroke opens what is typed.
  await page.keyboard.press('Tab')
  await expect(search).toBeFocused()
  await page.keyboard.press('Control+a')
  await page.keyboard.type('ikoyi')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('location-name')).toHaveText('Ikoyi')
  await expect.poll(() => focusedTestId(page)).toBe('location-name')
  await tabTo(page, 'add-to-compare')
  await page.keyboard.press('Enter')

  // Back to Explore with the link: the query is still there, and the search has focus.
  await tabToLabel(page, 'Explore', 'Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(search).toHaveValue('ikoyi')
  await expect(search).toBeFocused()
  await page.keyboard.press('Control+a')
  await page.keyboard.type('maitama')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('location-name')).toHaveText('Maitama')
  await tabTo(page, 'add-to-compare')
  await page.keyboard.press('Enter')

  // The browser's Back keeps the query too.
  await page.goBack()
  await expect(search).toHaveValue('maitama')

  // Compare: removing a column moves focus to the next one, never to the page body.
  await tabTo(page, 'nav-compare')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('compare-table')).toContainText('Maitama')
  await tabToLabel(page, 'Remove Ikoyi from compare')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Remove Maitama from compare' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('compare-add')).toBeFocused()

  // The add panel's own search answers Ctrl+K: Compare stays open.
  await page.keyboard.press('Enter')
  const panel = page.getByTestId('add-location-panel')
  await expect(panel.getByTestId('location-search')).toBeFocused()
  await tabToLabel(page, 'Done')
  await page.keyboard.press('Control+k')
  await expect(panel.getByTestId('location-search')).toBeFocused()
  await expect(page.getByTestId('screen-compare')).toBeVisible()
  expect(new URL(page.url()).hash).toBe('#/compare')
})
