/**
 * "Make available offline" (issue 30): three watched locations fetched on purpose, then read with
 * the service gone on every screen; the request count said beforehand is what is sent; figures
 * kept offline do not expire while other cached figures do.
 */
import type { Page } from '@playwright/test'
import { startService } from '../../src/service'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { backdateCachedResults, cachedQueryCount } from '../harness/query-cache'
import { screenshotBothSizes } from '../harness/screenshots'

const place = { sector: 'residential', countryCode: 'NG', city: 'Lagos', country: 'Nigeria' }
const THREE = [
  { ...place, slug: 'lekki-phase-1', name: 'Lekki Phase 1' },
  { ...place, slug: 'ikoyi', name: 'Ikoyi' },
  { ...place, slug: 'yaba', name: 'Yaba' }
]
const DAY_MS = 86_400_000

/** Requests main sent to the service (one log line per attempt, answered or not). */
const sentToService = (app: AppHarness): number =>
  app.logLines.filter((line) => line.message === 'service request').length

/** Watchlist and compare list hold `locations` when the app first opens. */
async function watch(page: Page, locations: readonly object[]): Promise<void> {
  await page.addInitScript((list) => {
    if (window.localStorage.getItem('me.saved') !== null) return
    window.localStorage.setItem('me.saved', list)
    window.localStorage.setItem('me.compare', list)
  }, JSON.stringify(locations))
}

/** Makes the watchlist available offline; returns the request count the plan announced. */
async function makeWatchlistOffline(app: AppHarness, screenshot?: string): Promise<number> {
  await app.page.getByTestId('nav-saved').click()
  await app.page.getByTestId('make-offline-open').first().click()
  const plan = (await app.page.getByTestId('make-offline-plan').textContent()) ?? ''
  if (screenshot) await screenshotBothSizes(app.page, screenshot)
  const requests = Number(/(\d+) requests? to fetch/.exec(plan)?.[1])
  expect(Number.isInteger(requests)).toBe(true)
  await app.page.getByTestId('make-offline-confirm').click()
  await expect(app.page.getByTestId('make-offline-outcome').first()).toContainText('Ready offline')
  return requests
}

/** The location screen of `slug` shows every figure of its matrix, with an as-of time. */
async function expectEveryFigure(app: AppHarness, slug: string, name: string): Promise<void> {
  const { page } = app
  await page.goto(`${app.url}#/location/residential/NG/${slug}`)
  await expect(page.getByTestId('location-name')).toHaveText(name)
  const matrix = page.getByTestId('price-matrix')
  await expect(matrix).toBeVisible()
  await expect(matrix.locator('.skeleton')).toHaveCount(0)
  await expect(matrix).not.toContainText(/not fetched|failed/i)
  await expect(page.getByTestId('provenance').first()).toContainText(/as of/i)
  await expect(page.getByTestId('expired-badge')).toHaveCount(0)
}

test('three locations made available offline: after a restart with the service gone, every figure on every screen, nothing sent', async ({
  app
}) => {
  const key = 'e2e-offline-ready-key-5be1c0'
  const service = await startService({ apiKey: key })
  let stopped = false
  try {
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.baseUrl })
    await app.handlers.setApiKey({ key, persistence: 'session' })
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await watch(app.page, THREE)
    await app.open()
    // The first screen's locations list is answered before the count starts.
    await expect(
      app.page.getByTestId('location-count').filter({ hasText: /locations in/ })
    ).toBeVisible()
    const before = sentToService(app)
    const announced = await makeWatchlistOffline(app, 'offline-ready-plan')
    expect(announced).toBeGreaterThan(0)
    expect(sentToService(app) - before).toBe(announced)
    const rows = app.page.getByTestId('offline-location')
    await expect(rows).toHaveCount(3)
    for (const row of await rows.all()) {
      await expect(row.getByTestId('offline-state')).toContainText(/Ready offline\s*as of/)
      await expect(row).toContainText(/\d+ answers\s*[\d.]+ KB/)
    }
    await screenshotBothSizes(app.page, 'offline-ready-library')

    // A second run finds everything cached and sends nothing.
    const afterFirst = sentToService(app)
    await app.page.getByTestId('make-offline-open').first().click()
    await expect(app.page.getByTestId('make-offline-plan')).toContainText(', 0 requests')
    await app.page.getByTestId('make-offline-confirm').click()
    await expect(app.page.getByTestId('make-offline-outcome').first()).toContainText(
      'already cached'
    )
    expect(sentToService(app)).toBe(afterFirst)
    await expect
      .poll(async () => {
        const counts = await Promise.all(THREE.map(({ slug }) => cachedQueryCount(app.page, slug)))
        return counts.reduce((sum, count) => sum + count, 0)
      })
      .toBeGreaterThanOrEqual(announced)

    await service.close()
    stopped = true
    const offlineFrom = sentToService(app)
    await app.page.reload()
    await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
    for (const { slug, name } of THREE) await expectEveryFigure(app, slug, name)

    await app.page.getByTestId('nav-compare').click()
    const table = app.page.getByTestId('compare-table')
    for (const { name } of THREE) await expect(table).toContainText(name)
    await expect(table.locator('.skeleton')).toHaveCount(0)
    await expect(app.page.getByTestId('provenance').first()).toContainText(/as of/i)
    // Compare's own "Make available offline" finds every figure of its locations cached.
    await app.page.getByTestId('make-offline-open').click()
    await expect(app.page.getByTestId('make-offline-plan')).toContainText(
      /^3 locations need (\d+) figures: \1 already cached, 0 requests/
    )
    await screenshotBothSizes(app.page, 'offline-ready-compare')

    await app.page.getByTestId('nav-rankings').click()
    for (const { name } of THREE) {
      await app.page.getByTestId('rankings-search').fill(name)
      await expect(app.page.getByTestId('rankings-summary')).toContainText('· 1 answered')
      await expect(app.page.getByTestId('rankings-summary')).not.toContainText(/not fetched|failed/)
    }
    // A selection in Rankings can be made available offline too.
    await app.page.getByRole('checkbox', { name: `Select ${THREE[2]?.name}` }).check()
    await app.page.getByRole('button', { name: 'Make 1 available offline' }).click()
    await expect(app.page.getByTestId('make-offline-plan')).toContainText('1 location need')
    await expect(app.page.getByTestId('provenance').first()).toContainText(/as of/i)
    expect(sentToService(app)).toBe(offlineFrom)
  } finally {
    if (!stopped) await service.close()
  }
})

test('forty days on: a location kept offline shows without expiring; another says it expired on its date', async ({
  app
}) => {
  await watch(app.page, THREE.slice(0, 1))
  await app.open()
  await makeWatchlistOffline(app)
  // Ikoyi is only looked at, not kept offline.
  await app.page.goto(`${app.url}#/location/residential/NG/ikoyi`)
  await expect(app.page.getByTestId('price-matrix').locator('.skeleton')).toHaveCount(0)
  await expect.poll(() => cachedQueryCount(app.page, 'ikoyi')).toBeGreaterThan(0)
  await expect.poll(() => cachedQueryCount(app.page, 'lekki-phase-1')).toBeGreaterThan(0)
  expect(await backdateCachedResults(app.page, 40 * DAY_MS)).toBeGreaterThan(0)
  expect((await app.handlers.updateSettings({ offlineMode: true })).ok).toBe(true)

  await app.page.reload()
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
  await expectEveryFigure(app, 'lekki-phase-1', 'Lekki Phase 1')
  await expect(app.page.getByText(/expired on/i)).toHaveCount(0)

  await app.page.goto(`${app.url}#/location/residential/NG/ikoyi`)
  await expect(app.page.getByTestId('location-name')).toHaveText('Ikoyi')
  const expiredOn = new Date(Date.now() - 10 * DAY_MS).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric'
  })
  await expect(app.page.getByTestId('expired-badge').first()).toContainText(
    `Expired on ${expiredOn}`
  )

  await app.page.getByTestId('nav-saved').click()
  await expect(app.page.getByTestId('offline-state')).toContainText('Ready offline')
  await expect(app.page.getByTestId('clear-expired')).toBeVisible()
  await app.page.getByTestId('clear-expired').click()
  await expect(app.page.getByTestId('offline-library')).not.toContainText('Ikoyi')
  await expect(app.page.getByTestId('offline-library')).toContainText('Lekki Phase 1')
})
