import type { Page } from '@playwright/test'
import { startService } from '../../src/service'
import { startVariantServer } from '../../test/support/discovery/variant-server'
import { startSlow400Server } from '../../test/support/discovery/slow-400-server'
import { report, scan, THEMES } from '../harness/axe-scan'
import type { Finding } from '../harness/axe-scan'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { screenshotBothSizes, screenshotBothThemes, SMALL_VIEWPORT } from '../harness/screenshots'

const KEY = 'e2e-provider-key-7a3e91c2'

/** Settings → "Your service", the service's URL saved, its key saved, then Test connection. */
async function connectAndTest(app: AppHarness, baseUrl: string): Promise<void> {
  const { page } = app
  await page.getByTestId('nav-settings').click()
  await page.getByRole('radio', { name: 'Your service' }).click()
  await expect(page.getByRole('radio', { name: 'Your service' })).toBeChecked()
  await page.getByTestId('base-url-input').fill(baseUrl)
  await page.getByTestId('base-url-save').click()
  await expect(page.getByTestId('route-layout')).toContainText(baseUrl)
  await page.getByTestId('api-key-input').fill(KEY)
  await page.getByTestId('api-key-save').click()
  await expect(page.getByTestId('api-key-input')).toHaveValue('')
  await page.getByTestId('test-connection').click()
}

/** axe in both themes (every rule in light, contrast in dark): no serious or critical finding. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const findings: Finding[] = []
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    findings.push(...(await scan(page, `${state} (${theme})`, { contrastOnly: theme === 'dark' })))
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })
  expect(findings, report(findings)).toEqual([])
}

function outcomeOf(page: Page, operation: string) {
  return page.getByTestId('discovery-table').locator(`tr[data-operation="${operation}"]`)
}

test('provider layout: Test connection discovers and saves the routes, then Explore, a location and compare show figures', async ({
  app
}) => {
  const service = await startService({ apiKey: KEY, layout: 'provider' })
  try {
    const { page, handlers } = app
    await app.open()
    await connectAndTest(app, service.baseUrl)

    const table = page.getByRole('table', {
      name: `Routes found at ${new URL(service.baseUrl).host}`
    })
    await expect(table).toBeVisible()
    const expected = [
      ['listLocations', 'Locations', 'locations', 'Works'],
      ['getResidentialPrice', 'Residential prices', 'v1/residential-prices', 'Works'],
      ['getGrowth', 'Growth', 'v1/growth', 'Works'],
      ['getLandPrice', 'Land prices', 'v1/land-prices', /Works|No data/]
    ] as const
    for (const [operation, name, path, outcome] of expected) {
      const row = outcomeOf(page, operation)
      await expect(row.getByRole('rowheader')).toHaveText(name)
      await expect(row.getByRole('cell').nth(0)).toHaveText(path)
      await expect(row.getByRole('cell').nth(1)).toHaveText('Query string')
      await expect(row.getByRole('cell').nth(2)).toContainText(outcome)
    }
    await expect(page.getByTestId('discovery-summary')).toContainText(
      `Layout saved for ${service.baseUrl}.`
    )
    await expect(page.getByTestId('discovery-summary')).toContainText(/Discovery used \d+ requests/)
    const settings = await handlers.getSettings()
    if (!settings.ok) throw new Error(settings.error.message)
    expect(settings.data.routeLayouts[service.baseUrl]?.routes.getResidentialPrice).toEqual({
      path: 'v1/residential-prices',
      placement: 'query'
    })
    // The section shows what was saved (the profile the routes match, not "not confirmed").
    await expect(page.getByTestId('route-layout-status')).not.toContainText('Not confirmed')

    // The table and the sentence under it (requests used, layout saved) at the window's foot.
    const discovery = page.getByTestId('discovery')
    const showDiscovery = () =>
      discovery.evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await page.setViewportSize({ width: 1280, height: 800 })
    await showDiscovery()
    await screenshotBothThemes(page, 'discovery-table')
    await page.setViewportSize(SMALL_VIEWPORT)
    await showDiscovery()
    await screenshotBothThemes(page, 'discovery-table-960')
    await expectAccessible(page, 'settings, discovery table')
    await page.setViewportSize({ width: 1280, height: 800 })

    // Explore → a location: the price matrix shows the provider's figures.
    await page.getByTestId('nav-explore').click()
    await page.getByTestId('location-search').fill('ikoyi')
    await page.getByTestId('location-listbox').getByRole('option', { name: /Ikoyi/ }).click()
    await expect(page.getByTestId('location-name')).toHaveText('Ikoyi')
    const price = await handlers.getResidentialPrice({
      location: 'ikoyi',
      countryCode: 'NG',
      type: 'sale',
      beds: '3'
    })
    if (!price.ok) throw new Error(`remote lookup failed: ${price.error.message}`)
    expect(price.meta?.source).toBe('remote')
    await expect(page.locator('tr[data-beds="3"]')).toContainText(
      price.data.price.toLocaleString('en-US')
    )
    await page.getByTestId('add-to-compare').click()

    // Compare: the same figure, and a growth figure.
    await page.getByTestId('nav-compare').click()
    await page.getByTestId('compare-type').getByRole('radio', { name: 'Sale' }).click()
    await page.getByTestId('compare-beds').selectOption('3')
    const compare = page.getByTestId('compare-table')
    await expect(compare).toContainText('Ikoyi')
    await expect(
      compare.locator(`tr[data-metric="price"] td[data-value="${price.data.price}"]`)
    ).toBeVisible()
    await expect(compare.locator('tr[data-metric="growth"]')).toContainText(/[+-]?\d+\.\d%/)

    // Land at the provider: /v1/land-prices answers, so land figures show too.
    await page.goto(`${app.url}#/location/land/NG/ikoyi`)
    await expect(page.getByTestId('land-price')).toContainText(/NGN/)
    await expect(page.getByTestId('no-land-prices')).toHaveCount(0)
  } finally {
    await service.close()
  }
})

test('a service with no land route: Test connection reports it missing, and the land screen says there are no land prices', async ({
  app
}) => {
  const service = await startVariantServer(KEY, {
    '/locations': { operation: 'locations', placement: 'query' },
    '/v1/residential-prices': { operation: 'residential-prices', placement: 'query' },
    '/v1/growth': { operation: 'growth', placement: 'query' }
  })
  try {
    const { page } = app
    await app.open()
    await connectAndTest(app, service.baseUrl)
    await expect(outcomeOf(page, 'getLandPrice')).toContainText('Route missing')
    await expect(outcomeOf(page, 'getGrowth')).toContainText('Works')
    await page
      .getByTestId('discovery')
      .evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await screenshotBothThemes(page, 'discovery-table-no-land')

    await page.goto(`${app.url}#/location/land/NG/lekki-phase-1`)
    const notice = page.getByTestId('no-land-prices')
    await expect(notice).toContainText('This service has no land prices')
    await expect(notice).toContainText('Test connection')
    await expect(page.getByTestId('land-price')).toContainText('No land prices')
    await expect(page.getByTestId('error-notice')).toHaveCount(0)
    await screenshotBothThemes(page, 'land-no-land-prices')
    await expectAccessible(page, 'land, no land prices')
    await notice.getByRole('button', { name: 'Open Settings' }).click()
    await expect(page.getByTestId('screen-settings')).toBeVisible()

    // Custom: a bad path is refused where it was typed, and kept as typed.
    await page.getByTestId('route-profile').getByRole('radio', { name: 'My own paths' }).click()
    const land = page.getByRole('textbox', { name: 'Land prices' })
    await land.fill('v1/land prices')
    await page.getByTestId('route-save').click()
    await expect(page.getByTestId('route-error-getLandPrice')).toContainText(
      'must not contain backslashes or spaces'
    )
    await expect(land).toHaveValue('v1/land prices')
    await page.setViewportSize(SMALL_VIEWPORT)
    await page
      .getByTestId('custom-routes')
      .evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await screenshotBothThemes(page, 'route-layout-custom-960')
    await expectAccessible(page, 'settings, custom path refused')
  } finally {
    await service.close()
  }
})

test('a service answering every probe with a slow 400: Cancel ends Test connection at once with the routes tried, and left alone it ends at its 20 s deadline', async ({
  app
}) => {
  test.setTimeout(90_000)
  // Locations answer at once; every other probe gets its 400 only after a minute.
  const service = await startSlow400Server(60_000, { locations: true })
  try {
    const { page } = app
    await app.open()
    await connectAndTest(app, service.baseUrl)
    const start = page.getByTestId('test-connection')
    const cancel = page.getByRole('button', { name: 'Cancel the test' })
    const result = page.getByTestId('test-connection-result')
    await expect(start).toHaveText(/^Testing… \d+ s$/)
    await expect(start).toBeDisabled()
    await expect(result).toContainText('Ends by itself after 20 s.')
    await expect.poll(() => service.hits.length).toBe(2)
    await expect(start).toHaveText(/^Testing… [1-9]\d* s$/)
    await start.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await screenshotBothSizes(page, 'test-connection-running')

    await cancel.click()
    await expect(result).toContainText('CANCELLED')
    await expect(result).toContainText('The test was cancelled after 2 requests.')
    // The price probe in flight was abandoned (its answer was a minute away); nothing more sent.
    await expect.poll(() => service.hits.map((hit) => hit.abandoned)).toEqual([false, true])
    await expect(outcomeOf(page, 'listLocations')).toContainText('Works')
    await expect(outcomeOf(page, 'getResidentialPrice')).toContainText(
      'no answer: the test was cancelled'
    )
    await expect(outcomeOf(page, 'getLandPrice')).toContainText('not tried: the test was cancelled')
    await expect(page.getByTestId('discovery-summary')).toContainText(
      'Nothing saved: the test did not finish.'
    )
    await expect(cancel).toHaveCount(0)
    await expect(start).toBeFocused()
    await page
      .getByTestId('discovery')
      .evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await screenshotBothSizes(page, 'test-connection-cancelled')
    await expectAccessible(page, 'settings, connection test cancelled')

    // Left alone: each 400 takes 6 s, so the 20 s deadline ends the test partway.
    service.delayMs = 6_000
    service.hits.length = 0
    await start.click()
    await expect(result).toContainText('TIMEOUT', { timeout: 25_000 })
    await expect(result).toContainText(/The test stopped after 20 s and [2-5] requests/)
    expect(service.hits.length).toBeLessThanOrEqual(5)
    await expect(outcomeOf(page, 'getLandPrice')).toContainText(
      'not tried: the test stopped at its 20 s limit'
    )
    await page
      .getByTestId('discovery')
      .evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await screenshotBothSizes(page, 'test-connection-deadline')
  } finally {
    await service.close()
  }
})
