/**
 * Issue 16 journeys: a figure that changes between two visits shows "observed by you" (and the
 * offline library's history and CSV); net yield from the user's assumptions. Screenshots of the
 * location screen with history and calculator. The report is e2e/specs/agent-report.spec.ts.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { startChangingPriceService } from '../harness/changing-price-service'
import { expect, test } from '../harness/fixtures'
import { screenshotBothSizes, screenshotBothThemes } from '../harness/screenshots'

const KEY = 'e2e-history-key-4c1d2b7a'
const LEKKI = '#/location/residential/NG/lekki-phase-1'

async function openLocation(page: Page, url: string): Promise<void> {
  await page.goto(`${url}${LEKKI}`)
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await expect(page.locator('tr[data-beds="4"] .cell-value').first()).toBeVisible()
}

test('observed history: a price that changed between visits shows "observed by you", in the library and its CSV', async ({
  app
}) => {
  const service = await startChangingPriceService(KEY)
  try {
    const { page } = app
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.origin })
    await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await app.open()
    await openLocation(page, app.url)
    await expect(page.getByTestId('observed-history')).toHaveCount(0)

    service.setFactor(1.1)
    await page.getByRole('button', { name: /^Refresh figures for Lekki Phase 1/ }).click()
    await expect(page.getByTestId('refresh-outcome')).toHaveText('Updated')

    const history = page.getByTestId('observed-history')
    await expect(history).toBeVisible()
    await expect(history).toContainText('Observed by you')
    await expect(history).toContainText("not the service's growth figure")
    const sale = history.locator('[data-testid="observed-figure"][data-label="2 bed · sale price"]')
    await expect(sale.locator('tbody tr')).toHaveCount(2)
    await expect(sale.locator('svg.sparkline')).toBeVisible()
    // The newest observed value (first row) is the price the service answers now.
    const now = await app.handlers.getResidentialPrice({
      location: 'lekki-phase-1',
      countryCode: 'NG',
      type: 'sale',
      beds: '2'
    })
    if (!now.ok) throw new Error(`lookup failed: ${now.error.message}`)
    await expect(sale.locator('tbody tr').first()).toContainText(
      now.data.price.toLocaleString('en-US')
    )

    await history.scrollIntoViewIfNeeded()
    await screenshotBothSizes(page, 'location-history')

    await page.getByTestId('nav-saved').click()
    const library = page.getByTestId('history-library')
    await expect(library).toContainText('Your service')
    await library.getByTestId('history-location').first().locator('summary').click()
    await expect(library).toContainText('Lekki Phase 1')
    await library.scrollIntoViewIfNeeded()
    await screenshotBothThemes(page, 'saved-history')
    const download = page.waitForEvent('download')
    await library.getByTestId('export-history-csv').click()
    const csv = readFileSync(await (await download).path(), 'utf8')
    expect(csv.split('\r\n')[0]).toContain('Location,Country code,Figure,Source,Base URL,Value')
    expect(csv).toContain(`Lekki Phase 1,NG,2 bed · sale price,remote service,${service.origin}`)
    expect(csv).not.toContain('demo data')
  } finally {
    await service.close()
  }
})

test('net yield: the user’s assumptions give net yield and move-in cash, survive a reload, and bad input is kept with an error', async ({
  app
}) => {
  const { page } = app
  await app.open()
  await openLocation(page, app.url)
  const calculator = page.getByTestId('net-yield')
  await calculator.scrollIntoViewIfNeeded()
  const fields = {
    serviceChargePercent: '5',
    vacancyMonths: '2',
    feesPercent: '15',
    upfrontYears: '2'
  }
  for (const [field, value] of Object.entries(fields)) {
    await calculator.getByTestId(`assumption-${field}`).fill(value)
  }
  const rent = await app.handlers.getResidentialPrice({
    location: 'lekki-phase-1',
    countryCode: 'NG',
    type: 'rent',
    beds: '2'
  })
  const sale = await app.handlers.getResidentialPrice({
    location: 'lekki-phase-1',
    countryCode: 'NG',
    type: 'sale',
    beds: '2'
  })
  if (!rent.ok || !sale.ok) throw new Error('demo lookup failed')
  const annualRent = rent.data.price
  const net = (annualRent * (1 - 2 / 12) - annualRent * 0.05) / sale.data.price
  const percent = new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2
  })
  await expect(calculator.getByTestId('net-yield-2')).toHaveText(percent.format(net))
  await expect(calculator.getByTestId('assumptions-line')).toContainText(
    'service charge 5 % of rent · 2 months vacant a year'
  )

  // Bad input stays in the field, says why, and the last valid value is still used.
  const vacancy = calculator.getByTestId('assumption-vacancyMonths')
  await vacancy.fill('13')
  await expect(vacancy).toHaveValue('13')
  await expect(vacancy).toHaveAttribute('aria-invalid', 'true')
  await expect(calculator.getByRole('alert')).toContainText('Enter 0 to 12; using 2')
  await expect(calculator.getByTestId('net-yield-2')).toHaveText(percent.format(net))
  await vacancy.press('Control+a')
  await vacancy.press('Backspace')
  await page.keyboard.type('2')

  await page.reload()
  await expect(page.locator('tr[data-beds="4"] .cell-value').first()).toBeVisible()
  await expect(page.getByTestId('assumption-feesPercent')).toHaveValue('15')
  await expect(page.getByTestId('net-yield-2')).toHaveText(percent.format(net))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByTestId('net-yield').scrollIntoViewIfNeeded()
  await screenshotBothSizes(page, 'location-net-yield')
})
