/**
 * The investor (issue 29): ranks 2-bed homes, picks the top Nigerian ones and one in Ghana,
 * compares them and exports the CSV. The file must read with no other context: every row names
 * its location, the columns say bed type, currency, sale and rent (with the rent period), growth
 * with its transaction type, basis and period, source and as-of — sale and rent both, although
 * the Rent view is on screen.
 */
import { readFileSync } from 'node:fs'
import { parseCsv } from '../../test/support/shared/hostile-text'
import { expect, test } from '../harness/fixtures'
import { screenshotBothSizes } from '../harness/screenshots'

test('the investor: ranking → compare → a CSV a spreadsheet user reads with no other context', async ({
  app
}) => {
  const { page, handlers } = app
  await app.open()
  await page.getByTestId('first-run').getByRole('button', { name: 'Got it' }).click()
  await page.getByTestId('nav-rankings').click()
  await page.getByTestId('rankings-sector').getByRole('radio', { name: 'Residential' }).click()
  await page.getByTestId('rankings-type').getByRole('radio', { name: 'Sale' }).click()
  await page.getByTestId('rankings-beds').selectOption('2')
  const summary = page.getByTestId('rankings-summary')
  const rows = page.getByTestId('rankings-row')

  // The top three Nigerian locations by gross yield, then the top one in Ghana.
  const picked: string[] = []
  for (const [country, count] of [
    ['NG', 3],
    ['GH', 1]
  ] as const) {
    await page.getByTestId('rankings-country').selectOption(country)
    await expect(summary).toHaveText(/^(\d+) locations · \1 answered$/, { timeout: 30_000 })
    for (let index = 0; index < count; index += 1) {
      await rows.nth(index).getByRole('checkbox').check()
      picked.push((await rows.nth(index).locator('.rank-name').textContent()) ?? '')
    }
    await page.getByTestId('rankings-add-compare').click()
  }
  expect(new Set(picked).size).toBe(4)

  await page.getByTestId('nav-compare').click()
  const table = page.getByTestId('compare-table')
  for (const name of picked) await expect(table).toContainText(name)
  await expect(page.getByTestId('compare-caption')).toHaveText(
    'Every figure below is for 2 bed homes'
  )
  // The Sale view also shows the rent that gross yield is built from.
  await expect(table.locator('tr[data-metric="paired-price"] th')).toContainText('Rent (per year)')
  await expect(table.locator('tr[data-metric="paired-price"] td[data-value]')).toHaveCount(4)
  // Cedis and naira in one row: the row says so and picks no best price.
  await expect(table.locator('tr[data-metric="price"] th')).toContainText(
    'Mixed currencies (GHS, NGN): not compared'
  )
  await expect(table.locator('tr[data-metric="price"] td[data-best]')).toHaveCount(0)
  await screenshotBothSizes(page, 'investor-compare')

  // The Rent view is on screen when exporting: the file still holds the sale prices.
  await page.getByTestId('compare-type').getByRole('radio', { name: 'Rent' }).click()
  await expect(table.locator('tr[data-metric="growth"] td[data-value]')).toHaveCount(4)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click()
  ])
  const [header = [], ...lines] = parseCsv(readFileSync(await download.path(), 'utf8').trim())
  const column = (name: string | RegExp) => {
    const index = header.findIndex((cell) =>
      typeof name === 'string' ? cell === name : name.test(cell)
    )
    expect(index, `column ${String(name)} in ${header.join(' | ')}`).toBeGreaterThanOrEqual(0)
    return (line: readonly string[]) => line[index] ?? ''
  }
  const location = column('Location')
  const city = column('City')
  const country = column('Country')
  const bedType = column('Bed type')
  const currency = column('Currency')
  const sale = column('Sale price')
  const rent = column('Rent (per year)')
  const grossYield = column('Gross yield (%)')
  // Growth says which prices it follows (rent, the view on screen) and how it is read.
  const growth = column(/^Growth \(rent\), avg per year.*\(%\)$/)
  const period = column('Growth period')
  const source = column('Source')
  const asOf = column('As of')

  expect(lines.map(location).sort()).toEqual([...picked].sort())
  const listed = await handlers.listLocations({ sector: 'residential' })
  if (!listed.ok) throw new Error('the demo service lists no locations')
  for (const line of lines) {
    const place = listed.data.locations.find((entry) => entry.name === location(line))
    if (!place) throw new Error(`no listed location named ${location(line)}`)
    expect([city(line), country(line)]).toEqual([place.city, place.country])
    const asked = { location: place.slug, countryCode: place.country_code, beds: '2' }
    const [saleAnswer, rentAnswer, growthAnswer] = await Promise.all([
      handlers.getResidentialPrice({ ...asked, type: 'sale' }),
      handlers.getResidentialPrice({ ...asked, type: 'rent' }),
      handlers.getGrowth({ ...asked, sector: 'residential', type: 'rent' })
    ])
    if (!saleAnswer.ok || !rentAnswer.ok || !growthAnswer.ok)
      throw new Error(`no figures for ${place.slug}`)
    expect(bedType(line)).toBe('2 bed')
    expect(currency(line)).toBe(saleAnswer.data.currency)
    expect(Number(sale(line))).toBe(saleAnswer.data.price)
    expect(Number(rent(line))).toBe(rentAnswer.data.price)
    expect(Number(grossYield(line))).toBeCloseTo(
      (rentAnswer.data.price / saleAnswer.data.price) * 100,
      1
    )
    expect(Number(growth(line))).toBeCloseTo(growthAnswer.data.growth, 1)
    expect(period(line)).toBe(growthAnswer.data.period)
    expect(source(line)).toBe('demo')
    expect(Number.isNaN(Date.parse(asOf(line)))).toBe(false)
  }
  expect(new Set(lines.map(currency))).toEqual(new Set(['GHS', 'NGN']))
})
