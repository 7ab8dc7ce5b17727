import type { Page } from '@playwright/test'
import { expect, test } from '../harness/fixtures'
import { screenshotBothThemes, SMALL_VIEWPORT } from '../harness/screenshots'

const ref = (slug: string, name: string, city: string) => ({
  sector: 'residential',
  slug,
  countryCode: 'NG',
  name,
  city,
  country: 'Nigeria'
})

async function seedStore(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, JSON.stringify(value)] as const)
}

/** Hovers the middle of a chart's plot area and returns its tooltip text. */
async function chartTooltip(page: Page, testId: string): Promise<string> {
  const surface = page.getByTestId(testId).locator('.recharts-wrapper > svg.recharts-surface')
  await surface.scrollIntoViewIfNeeded()
  const box = await surface.boundingBox()
  if (!box) throw new Error(`${testId} has no plot`)
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  const tooltip = page.getByTestId(testId).locator('.recharts-tooltip-wrapper')
  await expect(tooltip).toBeVisible()
  return (await tooltip.textContent()) ?? ''
}

test('toasts: repeats collapse into one, at most two show, and none covers the content', async ({
  app
}) => {
  const { page } = app
  await app.open()
  await seedStore(page, 'me.saved', [
    ref('lekki-phase-1', 'Lekki Phase 1', 'Lagos'),
    ref('ikoyi', 'Ikoyi', 'Lagos'),
    ref('maitama', 'Maitama', 'Abuja')
  ])
  await page.goto(`${app.url}#/saved`)
  await page.reload()
  const addButtons = page.getByTestId('watchlist').getByRole('button', {
    name: 'Compare',
    exact: true
  })
  // The watchlist renders after the reload: wait for all three rows before clicking.
  await expect(addButtons).toHaveCount(3)
  for (let clicked = 0; clicked < 3; clicked += 1) await addButtons.first().click()
  const toasts = page.getByTestId('toast')
  await expect(toasts).toHaveCount(1)
  await expect(toasts.first()).toContainText('Added 3 locations to compare')
  await expect(toasts.first()).toContainText('Lekki Phase 1, Ikoyi, Maitama')

  // Exports on the compare screen: each says "Saved …"; never more than two toasts.
  await page.getByTestId('nav-compare').click()
  await expect(
    page.getByTestId('compare-table').locator('tr[data-metric="growth"] td[data-value]')
  ).toHaveCount(3)
  for (const testId of ['compare-growth-chart', 'compare-scatter-chart']) {
    await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId(testId)
        .getByRole('button', { name: /as PNG$/ })
        .click()
    ])
  }
  await expect(toasts.last()).toContainText('Saved 2 charts as PNG')
  await expect(toasts.last()).toContainText(
    /market-compare-growth-.*market-compare-yield-vs-growth/
  )
  await page.getByRole('button', { name: 'Refresh compared figures' }).click()
  await expect(toasts.last()).toContainText('Updated')
  await expect(toasts).toHaveCount(2)

  const main = await page.locator('.app-main').boundingBox()
  for (const toast of await toasts.all()) {
    const box = await toast.boundingBox()
    if (!main || !box) throw new Error('no layout')
    expect(box.x + box.width).toBeLessThanOrEqual(main.x)
  }
})

test('chart tooltips: the scatter names the location with one % per figure (growth in both readings); derived prices are rounded', async ({
  app
}) => {
  const { page } = app
  await app.open()
  await seedStore(page, 'me.compare', [
    ref('lekki-phase-1', 'Lekki Phase 1', 'Lagos'),
    ref('ikoyi', 'Ikoyi', 'Lagos')
  ])
  await page.goto(`${app.url}#/compare`)
  await page.reload()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const point = page
    .getByTestId('compare-scatter-chart')
    .locator('.recharts-scatter-symbol')
    .first()
  await point.hover()
  const tooltip = page.getByTestId('scatter-tooltip')
  await expect(tooltip).toBeVisible()
  await expect(tooltip).toContainText(
    /^(Lekki Phase 1|Ikoyi)Gross yield \d+\.\d{2}%Growth [+-]?\d+\.\d%\/yr\s\(≈\s[+-]?\d+%\sover\s20\d\d–\u2060?\d\d\)$/
  )
  await expect(tooltip).not.toContainText('%%')

  await page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
  await expect(page.locator('tr[data-beds="4"] td').first()).toContainText('NGN')
  const path = await chartTooltip(page, 'price-path-chart')
  expect(path).toMatch(/NGN\s[\d.]+M/)
  expect(path).not.toMatch(/\d{1,3}(,\d{3}){2}/)
  const growth = await chartTooltip(page, 'growth-chart')
  expect(growth).toMatch(/Rent\s*:\s*[+-]?\d+\.\d%/)
})

test('toasts at 960×600 (sidebar folded to icons): the newest docks over the status bar, clear of the content', async ({
  app
}) => {
  const { page } = app
  await page.setViewportSize(SMALL_VIEWPORT)
  await app.open()
  await page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
  await page.getByTestId('add-to-compare').click()
  await page.getByTestId('save-location').click()
  const toast = page.getByTestId('toast').filter({ visible: true })
  await expect(toast).toHaveCount(1)
  await expect(toast).toContainText('Added to compare')
  const main = await page.locator('.app-main').boundingBox()
  const box = await toast.boundingBox()
  if (!main || !box) throw new Error('no layout')
  // Below the content (over the status bar), never over it.
  expect(box.y).toBeGreaterThanOrEqual(main.y + main.height - 1)
  await screenshotBothThemes(page, 'small-toast')
})
