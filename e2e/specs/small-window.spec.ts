import type { Page } from '@playwright/test'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { screenshotBothThemes } from '../harness/screenshots'

/** The smallest window the app is designed for. */
const SMALL = { width: 960, height: 600 }

/** Widths by which the page, or the scrolling content area, is wider than the window. */
async function horizontalOverflow(page: Page): Promise<{ page: number; content: number }> {
  return page.evaluate(() => {
    const root = document.documentElement
    const main = document.querySelector('.app-main')
    return {
      page: Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth,
      content: main ? main.scrollWidth - main.clientWidth : 0
    }
  })
}

async function shoot(page: Page, name: string): Promise<void> {
  expect(await horizontalOverflow(page), `${name}: horizontal overflow`).toEqual({
    page: 0,
    content: 0
  })
  await screenshotBothThemes(page, `small-${name}`)
}

async function openRoute(app: AppHarness, hash: string): Promise<void> {
  await app.page.goto(`${app.url}${hash}`)
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
}

test('every screen at 960×600, light and dark: nothing wider than the window', async ({ app }) => {
  const { page, handlers } = app
  await page.setViewportSize(SMALL)
  await app.open()
  await expect(page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible()
  await shoot(page, 'explore')

  const listed = await handlers.listLocations({ sector: 'residential' })
  if (!listed.ok) throw new Error('the demo service lists no locations')
  const nigeria = listed.data.locations.filter((l) => l.country_code === 'NG').slice(0, 6)
  expect(nigeria).toHaveLength(6)

  for (const [index, location] of nigeria.entries()) {
    await openRoute(app, `#/location/residential/NG/${location.slug}`)
    await expect(page.getByTestId('location-name')).toHaveText(location.name)
    await page.getByTestId('add-to-compare').click()
    if (index < 3) await page.getByTestId('save-location').click()
  }
  await expect(page.getByTestId('price-matrix')).toBeVisible()
  await expect(page.getByTestId('growth-chart')).toBeVisible()
  await shoot(page, 'location-residential')

  await openRoute(app, '#/location/land/NG/ikoyi')
  await expect(page.getByTestId('land-price')).toBeVisible()
  await shoot(page, 'location-land')

  await page.getByTestId('nav-compare').click()
  const table = page.getByTestId('compare-table')
  for (const location of nigeria) await expect(table).toContainText(location.name)
  await expect(table.locator('tr[data-metric="price"] td[data-best="true"]')).not.toHaveCount(0)
  await shoot(page, 'compare')

  await page.getByTestId('nav-saved').click()
  await expect(page.getByTestId('offline-library')).toContainText(nigeria[0]?.name ?? '')
  await shoot(page, 'saved')

  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('api-key-status')).toContainText(/key/i)
  await shoot(page, 'settings')

  await openRoute(app, '#/no-such-screen')
  await expect(page.getByTestId('screen-not-found')).toBeVisible()
  await shoot(page, 'not-found')

  await openRoute(app, '#/location/residential/NG/atlantis')
  await expect(page.getByTestId('unknown-location')).toBeVisible()
  await shoot(page, 'unknown-location')
})
