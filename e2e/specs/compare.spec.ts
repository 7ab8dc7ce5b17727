import { readFileSync } from 'node:fs'
import { expect, test } from '../harness/fixtures'
import { growthText } from '../harness/app-format'
import { screenshotBothThemes } from '../harness/screenshots'

const LOCATIONS = [
  { slug: 'lekki-phase-1', name: 'Lekki Phase 1' },
  { slug: 'ikoyi', name: 'Ikoyi' },
  { slug: 'maitama', name: 'Maitama' }
]

test('compare three locations: table matches direct handler calls, CSV export has the same figures', async ({
  app
}) => {
  const { page, handlers } = app
  await app.open()
  for (const { slug, name } of LOCATIONS) {
    await page.goto(`${app.url}#/location/residential/NG/${slug}`)
    await expect(page.getByTestId('location-name')).toHaveText(name)
    await page.getByTestId('add-to-compare').click()
  }
  await page.getByTestId('nav-compare').click()
  await page.getByTestId('compare-type').getByRole('radio', { name: 'Sale' }).click()
  await page.getByTestId('compare-beds').selectOption('3')

  const table = page.getByTestId('compare-table')
  const prices: number[] = []
  for (const { slug, name } of LOCATIONS) {
    await expect(table).toContainText(name)
    const sale = await handlers.getResidentialPrice({
      location: slug,
      countryCode: 'NG',
      type: 'sale',
      beds: '3'
    })
    const growth = await handlers.getGrowth({
      location: slug,
      countryCode: 'NG',
      sector: 'residential',
      type: 'sale',
      beds: '3'
    })
    if (!sale.ok || !growth.ok) throw new Error(`no figures for ${slug}`)
    prices.push(sale.data.price)
    await expect(
      table.locator(`tr[data-metric="price"] td[data-value="${sale.data.price}"]`)
    ).toContainText(/NGN\s[\d.]+M/)
    await expect(
      table
        .locator(`tr[data-metric="price"] td[data-value="${sale.data.price}"]`)
        .locator('[role="tooltip"]')
    ).toContainText(sale.data.price.toLocaleString('en-US'))
    await expect(table.locator('tr[data-metric="growth"]')).toContainText(
      growthText(growth.data.growth)
    )
  }
  await expect(table.locator('tr[data-metric="price"] td[data-best="true"]')).toHaveAttribute(
    'data-value',
    String(Math.min(...prices))
  )
  await screenshotBothThemes(page, 'compare')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click()
  ])
  expect(download.suggestedFilename()).toMatch(/^market-compare-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync(await download.path(), 'utf8')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines.length).toBeGreaterThanOrEqual(2)
  for (const { name } of LOCATIONS) expect(csv).toContain(name)
  for (const price of prices) expect(csv).toContain(String(price))
})
