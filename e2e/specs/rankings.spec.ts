/**
 * Rankings: every residential location for 2-bed sale, ranked by yield, then by growth; the top
 * three go to compare. A second test ranks 50,000 listed locations: nothing is fetched until the
 * filter is narrow enough (or the user confirms).
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../harness/fixtures'
import { startManyLocationsService } from '../harness/many-locations-service'
import { cachedQueryCount } from '../harness/query-cache'
import { screenshotBothSizes, screenshotBothThemes } from '../harness/screenshots'

/** Values of one column in the rows now in the page (a virtual table: the first screenful). */
async function columnValues(page: Page, column: string): Promise<number[]> {
  return page
    .getByTestId('rankings-row')
    .locator(`td[data-column="${column}"]`)
    .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-value') ?? NaN)))
}

function descending(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || (values[index - 1] ?? 0) >= value)
}

test('rank all residential locations for 2-bed sale by yield, sort by growth, add the top three to compare', async ({
  app
}) => {
  const { page, handlers } = app
  const listed = await handlers.listLocations({ sector: 'residential' })
  if (!listed.ok) throw new Error('no locations')
  const count = listed.data.locations.length

  await app.open()
  await page.getByTestId('first-run').getByRole('button', { name: 'Got it' }).click()
  await page.getByTestId('nav-rankings').click()
  await expect(page.getByTestId('screen-rankings')).toBeVisible()
  await page.getByTestId('rankings-sector').getByRole('radio', { name: 'Residential' }).click()
  await page.getByTestId('rankings-type').getByRole('radio', { name: 'Sale' }).click()
  await page.getByTestId('rankings-beds').selectOption('2')
  const summary = page.getByTestId('rankings-summary')
  await expect(summary).toHaveText(`${count} locations · ${count} answered`, { timeout: 30_000 })
  await expect(page.getByTestId('batch-progress')).toHaveCount(0)

  // Ranked by gross yield, best first: the shown yields fall and the first is marked Best.
  await expect(page.getByTestId('sort-yield').locator('xpath=..')).toHaveAttribute(
    'aria-sort',
    'descending'
  )
  const yields = (await columnValues(page, 'yield')).filter(Number.isFinite)
  expect(yields.length).toBeGreaterThan(3)
  expect(descending(yields)).toBe(true)
  await expect(
    page.getByTestId('rankings-row').first().locator('td[data-column="yield"]')
  ).toContainText('Best')
  await screenshotBothSizes(page, 'rankings')

  // By growth: the same order the service's own growth figures give.
  await page.getByTestId('sort-growth').click()
  const growths = (await columnValues(page, 'growth')).filter(Number.isFinite)
  expect(descending(growths)).toBe(true)
  const answers = await Promise.all(
    listed.data.locations.map(async (location) => {
      const growth = await handlers.getGrowth({
        location: location.slug,
        countryCode: location.country_code,
        sector: 'residential',
        type: 'sale',
        beds: '2'
      })
      return { name: location.name, growth: growth.ok ? growth.data.growth : -Infinity }
    })
  )
  const topThree = answers
    .sort((a, b) => b.growth - a.growth)
    .slice(0, 3)
    .map((answer) => answer.name)
  const firstRows = page.getByTestId('rankings-row')
  for (const [index, name] of topThree.entries()) {
    await expect(firstRows.nth(index).locator('.rank-name')).toHaveText(name)
    await expect(firstRows.nth(index).getByTestId('rank-position')).toHaveText(String(index + 1))
  }

  for (const index of [0, 1, 2]) {
    await firstRows.nth(index).getByRole('checkbox').check()
  }
  await expect(page.getByTestId('rankings-selection')).toContainText('3 selected')
  await page.getByTestId('rankings-add-compare').click()
  await page.getByTestId('nav-compare').click()
  const table = page.getByTestId('compare-table')
  for (const name of topThree) await expect(table).toContainText(name)
  await expect(page.getByTestId('compare-beds')).toHaveValue('2')

  // A second visit is answered from the cache: no new lookup is made.
  const before = await page.evaluate(() => performance.now())
  await page.getByTestId('nav-rankings').click()
  await expect(summary).toHaveText(`${count} locations · ${count} answered`)
  test.info().annotations.push({
    type: 'second visit',
    description: `${Math.round((await page.evaluate(() => performance.now())) - before)} ms`
  })
  await expect(page.getByTestId('rankings-confirm')).toHaveCount(0)
})

test('offline, rankings rank every figure cached by any screen: rank online, go offline, reload: same order, same count answered', async ({
  app
}) => {
  const { page, handlers } = app
  const listed = await handlers.listLocations({ sector: 'residential' })
  if (!listed.ok) throw new Error('no locations')
  const count = listed.data.locations.length
  await app.open()
  // One location's own screen first: its figures are cached by that screen, not by rankings.
  await page.goto(`${app.url}#/location/residential/NG/maitama`)
  await expect(page.locator('tr[data-beds="2"] .cell-value').first()).toBeVisible()
  await page.getByTestId('nav-rankings').click()
  await page.getByTestId('rankings-sector').getByRole('radio', { name: 'Residential' }).click()
  await page.getByTestId('rankings-type').getByRole('radio', { name: 'Sale' }).click()
  await page.getByTestId('rankings-beds').selectOption('2')
  const summary = page.getByTestId('rankings-summary')
  await expect(summary).toHaveText(`${count} locations · ${count} answered`, { timeout: 30_000 })
  const names = () => page.getByTestId('rankings-row').locator('.rank-name').allTextContents()
  const online = await names()

  expect((await handlers.updateSettings({ offlineMode: true })).ok).toBe(true)
  // Reload once every answer shown is on disk: the cached prices (sale and rent a row at least,
  // the smaller bed's where there is one) stop growing.
  let written = -1
  await expect
    .poll(
      async () => {
        const now = await cachedQueryCount(page, 'residentialPrice')
        const steady = now === written && now >= count * 2
        written = now
        return steady
      },
      { intervals: [1_000] }
    )
    .toBe(true)
  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(summary).toHaveText(`${count} locations · ${count} answered`)
  expect(await names()).toEqual(online)
})

const KEY = 'e2e-rankings-many-key-5c1e93d0'

test('50,000 locations: nothing is fetched until the filter is narrow enough or the user confirms', async ({
  app
}) => {
  const service = await startManyLocationsService(KEY, 50_000)
  const { page } = app
  try {
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.origin })
    await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
    await page.goto(`${app.url}#/rankings`)
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
    const summary = page.getByTestId('rankings-summary')
    await expect(summary).toContainText('50,000 locations', { timeout: 30_000 })
    const confirm = page.getByTestId('rankings-confirm')
    await expect(confirm).toContainText('more than the 300 fetched without asking')
    await expect(page.getByTestId('batch-progress')).toHaveCount(0)
    expect(await page.getByTestId('rankings-row').count()).toBeLessThan(100)

    // One city of one country: few enough to fetch without asking.
    await page.getByTestId('rankings-country').selectOption({ label: 'Ghana (GH)' })
    await page.getByTestId('rankings-city').selectOption('Ghana City 2')
    await expect(summary).toContainText(/^\d+ locations · \d+ answered$/, { timeout: 30_000 })
    await expect(confirm).toHaveCount(0)
  } finally {
    await service.close()
  }
})

test('with a display currency, prices in every currency are ranked as converted, and the table says so', async ({
  app
}) => {
  const { page } = app
  // Stores are read when the app starts: set before it does.
  await page.addInitScript(() => {
    window.localStorage.setItem('me.introDismissed', 'true')
    window.localStorage.setItem(
      'me.displayCurrency',
      JSON.stringify({
        currency: 'USD',
        rates: [
          { from: 'NGN', to: 'USD', rate: 0.00065, asOf: '2026-11-01' },
          { from: 'GHS', to: 'USD', rate: 0.064, asOf: '2026-11-01' },
          { from: 'KES', to: 'USD', rate: 0.0077, asOf: '2026-10-30' }
        ]
      })
    )
  })
  await app.open()
  await page.getByTestId('nav-rankings').click()
  const summary = page.getByTestId('rankings-summary')
  await expect(summary).toHaveText(/^(\d+) locations · \1 answered$/, { timeout: 30_000 })
  await page.getByTestId('sort-sale').click()
  await expect(page.getByTestId('rankings-currency-mode')).toHaveText(
    'Prices ranked as converted to USD (your rates)'
  )
  await expect(page.getByTestId('rankings-converted-note')).toBeVisible()
  const first = page.getByTestId('rankings-row').first().locator('td[data-column="sale"]')
  await expect(first).toContainText(/≈ USD [\d,]+/)
  await expect(first.locator('.rank-converted')).toHaveAttribute(
    'title',
    /^≈ USD [\d,]+ \(rate of 2026-1\d-\d\d\)$/
  )
  await expect(page.getByTestId('rankings-converted-note')).toContainText(
    '1 NGN = 0.00065 USD, 2026-11-01'
  )
  await expect(first).toContainText('Best')
  await screenshotBothSizes(page, 'rankings-converted')

  // The location screen shows the same secondary figures, each naming its rate's date.
  await page.getByTestId('rankings-row').first().locator('.rank-name').click()
  await expect(page.getByTestId('price-matrix')).toBeVisible()
  await expect(page.getByTestId('price-matrix').getByTestId('converted-figure').first()).toHaveText(
    /^≈ USD [\d,]+ \(rate of 2026-11-01\)$/
  )
  await screenshotBothThemes(page, 'location-converted')
})
