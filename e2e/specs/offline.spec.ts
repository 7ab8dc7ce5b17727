import { DEFAULT_BED_TYPES } from '@shared/bed-types'
import { startService } from '../../src/service'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { unhandledRejections, watchUnhandledRejections } from '../harness/page-errors'
import { backdateCachedResults, cachedQueryCount } from '../harness/query-cache'
import { screenshotBothSizes, screenshotBothThemes } from '../harness/screenshots'

async function openLekki(app: AppHarness): Promise<string> {
  await app.page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(app.page.getByTestId('location-name')).toHaveText('Lekki Phase 1')
  const rent = await app.handlers.getResidentialPrice({
    location: 'lekki-phase-1',
    countryCode: 'NG',
    type: 'rent',
    beds: '2'
  })
  if (!rent.ok) throw new Error('no fixture price')
  const price = rent.data.price.toLocaleString('en-US')
  await expect(app.page.locator('tr[data-beds="2"]')).toContainText(price)
  // Reload only once the figures are on disk (the persister writes each query asynchronously).
  const bedsWithData: string[] = []
  // The bed types the location screen asks for: the settings' defaults.
  for (const { value: beds } of DEFAULT_BED_TYPES) {
    const sale = await app.handlers.getResidentialPrice({
      location: 'lekki-phase-1',
      countryCode: 'NG',
      type: 'sale',
      beds
    })
    if (sale.ok) bedsWithData.push(beds)
  }
  await expect
    .poll(() => cachedQueryCount(app.page, 'lekki-phase-1'))
    .toBeGreaterThanOrEqual(bedsWithData.length * 4)
  return price
}

test('offline mode: after a reload the cached figures are still shown, with as-of times and a notice', async ({
  app
}) => {
  await app.open()
  const price = await openLekki(app)
  const updated = await app.handlers.updateSettings({ offlineMode: true })
  expect(updated.ok).toBe(true)

  await app.page.reload()
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(app.page.getByTestId('location-name')).toHaveText('Lekki Phase 1')
  await expect(app.page.locator('tr[data-beds="2"]')).toContainText(price)
  await expect(app.page.getByTestId('provenance').first()).toContainText(/as of/i)
  await expect(app.page.getByTestId('status-network')).toContainText(/offline/i)
  await screenshotBothThemes(app.page, 'offline-location')

  await app.page.getByTestId('nav-saved').click()
  await expect(app.page.getByTestId('offline-library')).toContainText('Lekki Phase 1')
  await screenshotBothThemes(app.page, 'saved')
})

test('offline restart with a cache older than an hour: cached figures, no unhandled rejection or console error', async ({
  app
}) => {
  await watchUnhandledRejections(app.page)
  await app.open()
  const price = await openLekki(app)
  const cached = await cachedQueryCount(app.page, 'lekki-phase-1')
  expect(await backdateCachedResults(app.page, 3 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(cached)
  expect((await app.handlers.updateSettings({ offlineMode: true })).ok).toBe(true)

  await app.page.reload()
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(app.page.locator('tr[data-beds="2"]')).toContainText(price)
  // Every stale result was refreshed (and refused: offline); the cached figures stay, with a
  // notice saying what is shown.
  const notice = app.page.getByTestId('error-notice')
  await expect(notice).toHaveAttribute('data-error-code', 'OFFLINE')
  await expect(notice).toContainText(/Showing cached data from/)
  await expect(app.page.getByTestId('provenance').first()).toContainText(/as of/i)
  await expect(app.page.locator('tr[data-beds="2"]')).toContainText(price)
  await expect.poll(() => unhandledRejections(app.page)).toEqual([])
  expect(await unhandledRejections(app.page)).toEqual([])
  await screenshotBothSizes(app.page, 'offline-stale-location')
})

test('service gone: after a reload the cached figures are still shown with an error notice', async ({
  app
}) => {
  const key = 'e2e-offline-key-2c9d41'
  const service = await startService({ apiKey: key })
  let stopped = false
  try {
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.baseUrl })
    await app.handlers.setApiKey({ key, persistence: 'session' })
    await app.open()
    const price = await openLekki(app)

    await service.close()
    stopped = true
    await app.page.reload()
    await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
    await expect(app.page.locator('tr[data-beds="2"]')).toContainText(price)
    await expect(app.page.getByTestId('provenance').first()).toContainText(/as of/i)
    await app.page.getByRole('button', { name: /Refresh figures for Lekki Phase 1/ }).click()
    await expect(app.page.getByTestId('refresh-outcome')).toContainText('Refresh failed', {
      timeout: 30_000
    })
    await expect(app.page.getByTestId('error-notice').first()).toContainText(
      /refused the connection|cannot be reached/
    )
    await expect(app.page.locator('tr[data-beds="2"]')).toContainText(price)
  } finally {
    if (!stopped) await service.close()
  }
})

test('offline restart with a cache past its 30 days: the figures still shown, marked expired with the date', async ({
  app
}) => {
  await app.open()
  const price = await openLekki(app)
  expect(await backdateCachedResults(app.page, 40 * 24 * 60 * 60 * 1000)).toBeGreaterThan(0)
  expect((await app.handlers.updateSettings({ offlineMode: true })).ok).toBe(true)

  await app.page.reload()
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(app.page.locator('tr[data-beds="2"]')).toContainText(price)
  const notice = app.page.getByTestId('error-notice')
  await expect(notice).toContainText(/Showing cached data from .* \(expired on .*\)/)
  await expect(notice).not.toContainText('Nothing is cached')
  await expect(app.page.getByTestId('expired-badge').first()).toContainText('Expired on')

  await app.page.getByTestId('nav-saved').click()
  await expect(app.page.getByTestId('offline-library')).toContainText('Lekki Phase 1')
  await expect(app.page.getByTestId('offline-library')).toContainText('Expired on')
})
