/**
 * The application menu's actions as the page receives them (the harness emits the menu event the
 * way main sends it): screens, Settings, search, export. In a browser there is no native save
 * dialog, so exports download.
 */
import { MENU_EVENT } from '@shared/channels'
import { emitToPage } from '../harness/app-session'
import { expect, test } from '../harness/fixtures'

test('menu actions move between screens, focus search and export; anything else is ignored', async ({
  app
}) => {
  const { page } = app
  await app.open()
  const menu = (payload: unknown) => emitToPage(page, MENU_EVENT, payload)

  await menu('go-compare')
  await expect(page).toHaveURL(/#\/compare$/)
  await menu('open-settings')
  await expect(page).toHaveURL(/#\/settings$/)
  // Not a menu action: dropped by the bridge, the page stays where it is.
  await menu('open-devtools')
  await menu({ action: 'go-saved' })
  await expect(page).toHaveURL(/#\/settings$/)

  await menu('focus-search')
  await expect(page).toHaveURL(/#\/explore\/residential$/)
  await expect(page.getByRole('combobox', { name: /search locations/i })).toBeFocused()

  await page.goto(`${app.url}#/location/residential/NG/ikoyi`)
  await expect(page.getByTestId('location-name')).toHaveText('Ikoyi')
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), menu('export-png')])
  expect(download.suggestedFilename()).toMatch(/^market-ikoyi-.*\.png$/)
})
