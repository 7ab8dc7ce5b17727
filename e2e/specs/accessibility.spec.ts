import type { Page } from '@playwright/test'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { growthText } from '../harness/app-format'
import { report, scan, THEMES } from '../harness/axe-scan'
import type { Finding } from '../harness/axe-scan'
import { startBrieflyLimitedService } from '../harness/rate-limited-service'
import { chartContrastFailures } from '../harness/svg-contrast'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 960, height: 600 }
]

async function openRoute(app: AppHarness, hash: string): Promise<void> {
  await app.page.goto(`${app.url}${hash}`)
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
}

/** Two animation frames: layout and resize observers have caught up with a new viewport. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  )
}

/**
 * Scans the current state at each size: all axe rules in light, colour contrast in dark, and the
 * charts' SVG (which axe skips) in both.
 */
async function scanEverywhere(page: Page, state: string): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await settle(page)
    for (const theme of THEMES) {
      // Reduced motion: no transition is caught half-way through a colour change.
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
      const where = `${state} (${size.width}×${size.height} ${theme})`
      findings.push(...(await scan(page, where, { contrastOnly: theme === 'dark' })))
      const charts = await chartContrastFailures(page)
      if (charts.length > 0) {
        findings.push({
          state: where,
          rule: 'chart-contrast',
          impact: 'serious',
          help: 'Chart axis labels need 4.5:1, series marks 3:1 against their background',
          targets: charts
        })
      }
    }
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })
  return findings
}

test('axe at 1280×800 and 960×600, light and dark: no serious or critical violation on any screen or state', async ({
  app
}) => {
  test.setTimeout(120_000)
  const { page, handlers } = app
  const findings: Finding[] = []
  const check = async (state: string) => findings.push(...(await scanEverywhere(page, state)))

  // Explore: the demo-data note on first launch, a search, a search that finds nothing.
  await app.open()
  await expect(page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible()
  await expect(page.getByTestId('first-run')).toBeVisible()
  await check('explore, demo notice')
  await page.getByTestId('first-run').getByRole('button', { name: 'Got it' }).click()
  await page.getByTestId('location-search').fill('lekki')
  await expect(page.getByTestId('location-listbox').getByRole('option').first()).toContainText(
    'Lekki Phase 1'
  )
  await check('explore, search')
  await page.getByTestId('location-search').fill('qqqqzz')
  await expect(page.getByTestId('location-listbox').getByRole('option')).toHaveCount(0)
  await check('explore, no match')

  // Empty screens before anything is compared or saved.
  await page.getByTestId('nav-compare').click()
  await expect(page.getByTestId('screen-compare')).toBeVisible()
  await check('compare, empty')
  await page.getByTestId('nav-saved').click()
  await expect(page.getByTestId('screen-saved')).toBeVisible()
  await check('saved, empty')
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('api-key-status')).toContainText(/key/i)
  await check('settings')

  // Errors: an unknown screen and an unknown location.
  await openRoute(app, '#/no-such-screen')
  await expect(page.getByTestId('screen-not-found')).toBeVisible()
  await check('not found')
  await openRoute(app, '#/location/residential/NG/atlantis')
  await expect(page.getByTestId('unknown-location')).toBeVisible()
  await check('unknown location')

  // A residential and a land location, each added to compare; the first saved.
  await openRoute(app, '#/location/residential/NG/lekki-phase-1')
  await expect(page.getByTestId('location-name')).toHaveText('Lekki Phase 1')
  await expect(page.getByTestId('price-matrix')).toBeVisible()
  await expect(page.getByTestId('growth-chart').locator('svg').first()).toBeVisible()
  await page.getByTestId('add-to-compare').click()
  await page.getByTestId('save-location').click()
  // Each chart is a figure named by its title and described by what it shows.
  await expect(
    page.getByRole('figure', { name: 'Growth by bed type' })
  ).toHaveAccessibleDescription(/^Growth \(avg per year, \d{4}–\d{4}\), rent vs sale$/)
  await expect(page.getByTestId('price-path-chart')).toHaveAccessibleDescription(
    /^Derived from average growth/
  )
  // Each chart's figures as a table: the same growth the service gives.
  const growthChart = page.getByTestId('growth-chart')
  await growthChart.getByRole('button', { name: /as a table$/ }).click()
  const rentGrowth = await handlers.getGrowth({
    location: 'lekki-phase-1',
    countryCode: 'NG',
    sector: 'residential',
    type: 'rent',
    beds: '2'
  })
  if (!rentGrowth.ok) throw new Error('no fixture growth')
  await expect(
    growthChart.getByTestId('chart-table').getByRole('row', { name: /^2 bed/ })
  ).toContainText(growthText(rentGrowth.data.growth))
  await page
    .getByTestId('price-path-chart')
    .getByRole('button', { name: /as a table$/ })
    .click()
  await expect(page.getByTestId('price-path-chart').getByTestId('chart-table')).toContainText(
    'derived'
  )
  await check('residential location, toasts, chart tables')
  await page.getByTestId('export-report').click()
  await expect(page.getByTestId('report-dialog')).toBeVisible()
  await check('residential location, report dialog')
  await page.keyboard.press('Escape')
  await openRoute(app, '#/location/residential/NG/ikoyi')
  await expect(page.getByTestId('price-matrix')).toBeVisible()
  await page.getByTestId('add-to-compare').click()
  await openRoute(app, '#/location/land/NG/ikoyi')
  await expect(page.getByTestId('land-price')).toBeVisible()
  await check('land location')

  // Compare with locations, then with the "Add location" panel open.
  await page.getByTestId('nav-compare').click()
  const table = page.getByTestId('compare-table')
  await expect(table).toContainText('Ikoyi')
  await expect(table.locator('tr[data-metric="price"] td[data-best="true"]')).not.toHaveCount(0)
  const scatter = page.getByTestId('compare-scatter-chart')
  await scatter.getByRole('button', { name: /as a table$/ }).click()
  for (const name of ['Lekki Phase 1', 'Ikoyi']) {
    await expect(scatter.getByTestId('chart-table')).toContainText(name)
  }
  await check('compare, two locations, scatter table')
  await page.getByTestId('compare-add').click()
  await expect(page.getByTestId('add-location-panel')).toBeVisible()
  await check('compare, add-location panel')
  await page.keyboard.press('Escape')

  // Rankings: every residential location answered, heat shading and Best/Worst marks shown.
  await page.getByTestId('nav-rankings').click()
  await expect(page.getByTestId('rankings-summary')).toHaveText(/^(\d+) locations · \1 answered$/, {
    timeout: 30_000
  })
  await check('rankings, all answered')

  await page.getByTestId('nav-saved').click()
  await expect(page.getByTestId('offline-library')).toContainText('Lekki Phase 1')
  await check('saved, with entries')

  // Offline: the status bar says so, an uncached location explains why it has no figures.
  expect((await handlers.updateSettings({ offlineMode: true })).ok).toBe(true)
  await openRoute(app, '#/location/residential/NG/maitama')
  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(page.getByTestId('status-network')).toContainText(/offline/i)
  await expect(page.getByTestId('error-notice').first()).toBeVisible()
  await check('offline, uncached location')

  expect(findings.length, `serious or critical axe violations:\n${report(findings)}`).toBe(0)
})

test("axe, light and dark: loading while main holds lookups for a rate limit, and the guard's rate-limit notice", async ({
  app
}) => {
  test.setTimeout(120_000)
  const key = 'e2e-axe-wait-key-6d21'
  const service = await startBrieflyLimitedService(key)
  const { page, handlers } = app
  const findings: Finding[] = []
  const check = async (state: string) => findings.push(...(await scanEverywhere(page, state)))
  try {
    await handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.origin })
    await handlers.setApiKey({ key, persistence: 'session' })
    await app.open()
    await expect(page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible()

    // Loading: skeletons, and the wait main holds lookups for (a 14 s Retry-After), said.
    service.limitNext(1, 14)
    await openRoute(app, '#/location/residential/NG/yaba')
    await expect(page.getByTestId('service-wait').first()).toContainText(/rate limited/)
    await expect(page.locator('.skeleton').first()).toBeVisible()
    await check('residential location loading, one lookup waiting for the service')
    await page
      .getByTestId('service-wait')
      .first()
      .getByRole('button', { name: 'Retry now' })
      .click()
    await expect(page.locator('tr[data-beds="2"] .cell-value').first()).toBeVisible()

    // A long wait: main's quota guard pauses lookups, and the screen says why with Retry now.
    service.limitNext(1, 600)
    await openRoute(app, '#/explore/land')
    const notice = page.getByTestId('error-notice')
    await expect(notice).toHaveAttribute('data-error-code', 'RATE_LIMITED')
    await expect(notice.getByRole('button', { name: 'Retry now' })).toBeVisible()
    await check('rate-limit notice of the paused service')
  } finally {
    await service.close()
  }
  expect(findings.length, `serious or critical axe violations:\n${report(findings)}`).toBe(0)
})
