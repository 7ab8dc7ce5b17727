import { expect, test } from '../harness/fixtures'

test('keyboard: the skip link leads to the content; the add panel and the cache confirmation give focus back to their opener', async ({
  app
}) => {
  const { page } = app
  await app.open()
  await page.getByTestId('first-run').getByRole('button', { name: 'Got it' }).click()
  // A fresh page (Settings: no search field takes focus on arrival).
  await page.goto(`${app.url}#/settings`)
  await page.reload()
  await expect(page.getByTestId('api-key-status')).toBeVisible()

  // The skip link is the first Tab stop in the page (Shift+Tab from the screen title reaches it
  // after the sidebar); it shows once focused, and moves focus to <main>.
  const skip = page.getByRole('button', { name: 'Skip to content' })
  const firstStop = await page.evaluate(
    () => document.querySelector('button, a[href], input, select, [tabindex="0"]')?.textContent
  )
  expect(firstStop).toBe('Skip to content')
  await expect(skip).not.toBeInViewport()
  for (
    let press = 0;
    press < 12 && !(await skip.evaluate((el) => el === document.activeElement));
    press += 1
  ) {
    await page.keyboard.press('Shift+Tab')
  }
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main', { name: 'Content' })).toBeFocused()

  // The add-location panel: Escape closes it and focus is back on "Add location".
  await page.goto(`${app.url}#/location/residential/NG/ikoyi`)
  await page.getByTestId('add-to-compare').click()
  await page.getByTestId('nav-compare').click()
  const add = page.getByTestId('compare-add')
  await add.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('add-location-panel')).toBeVisible()
  await expect(page.getByTestId('location-search')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('add-location-panel')).toHaveCount(0)
  await expect(add).toBeFocused()

  // Clearing the cache: the confirmation takes focus (on Cancel), and gives it back.
  await page.getByTestId('nav-settings').click()
  const clear = page.getByTestId('clear-cache')
  await expect(clear).toBeEnabled()
  await clear.focus()
  await page.keyboard.press('Enter')
  const cancel = page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })
  await expect(cancel).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(clear).toBeFocused()
})
