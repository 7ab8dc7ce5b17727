import { expect, test } from '../harness/fixtures'
import { compactPrice as compact, growthText } from '../harness/app-format'
import { screenshotBothThemes } from '../harness/screenshots'

const grouped = (value: number): string => value.toLocaleString('en-US')

test('first launch on demo data: find a location, read prices, yields and growth; then land', async ({
  app
}) => {
  const { page, handlers } = app
  await app.open()
  await expect(page.getByTestId('status-connection')).toContainText(/demo/i)
  await expect(page.getByTestId('first-run')).toContainText('You are looking at demo data')
  await screenshotBothThemes(page, 'explore')

  await page.getByTestId('location-search').fill('lekk')
  await page
    .getByTestId('location-listbox')
    .getByRole('option', { name: /Lekki Phase 1/ })
    .click()
  await expect(page.getByTestId('location-name')).toHaveText('Lekki Phase 1')

  const matrix = page.getByTestId('price-matrix')
  for (const beds of ['2', '3']) {
    const query = { location: 'lekki-phase-1', countryCode: 'NG', beds } as const
    const rent = await handlers.getResidentialPrice({ ...query, type: 'rent' })
    const sale = await handlers.getResidentialPrice({ ...query, type: 'sale' })
    if (!rent.ok || !sale.ok) throw new Error('demo service has no price for the fixture')
    const row = matrix.locator(`tr[data-beds="${beds}"]`)
    const [rentCell, saleCell] = await row.locator('td').all()
    for (const [cell, price] of [
      [rentCell, rent.data.price],
      [saleCell, sale.data.price]
    ] as const) {
      if (!cell) throw new Error('matrix row without cells')
      const exact = cell.locator('[role="tooltip"]')
      await expect(cell).toContainText(compact(price))
      await expect(exact).toBeHidden()
      await expect(exact).toContainText(grouped(price))
      await cell.locator('.tooltip-anchor').hover()
      await expect(exact).toBeVisible()
    }
    const grossYield = ((rent.data.price / sale.data.price) * 100).toFixed(2)
    await expect(page.getByTestId(`yield-${beds}`)).toContainText(`${grossYield}%`)
    const growth = await handlers.getGrowth({ ...query, sector: 'residential', type: 'sale' })
    if (!growth.ok) throw new Error('demo service has no growth for the fixture')
    await expect(row).toContainText(growthText(growth.data.growth))
  }
  await expect(page.getByTestId('growth-chart')).toBeVisible()
  await expect(page.getByTestId('price-path-chart')).toContainText(
    'Derived from average growth — not observed prices'
  )
  await expect(page.getByTestId('source-badge').first()).toContainText(/demo/i)
  await screenshotBothThemes(page, 'location')

  await page.getByTestId('nav-explore').click()
  await page.getByTestId('sector-tabs').getByRole('radio', { name: 'Land' }).click()
  await page.getByTestId('location-search').fill('ikoyi')
  await page.getByTestId('location-listbox').getByRole('option', { name: /Ikoyi/ }).click()
  const land = await handlers.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
  const landGrowth = await handlers.getGrowth({
    location: 'ikoyi',
    countryCode: 'NG',
    sector: 'land'
  })
  if (!land.ok || !landGrowth.ok) throw new Error('demo service has no land data for ikoyi')
  await expect(page.getByTestId('land-price')).toContainText(grouped(land.data.price))
  await expect(page.getByTestId('land-growth')).toContainText(growthText(landGrowth.data.growth))
  await screenshotBothThemes(page, 'location-land')
})
