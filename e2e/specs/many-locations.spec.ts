/**
 * 50,000 locations in the real browser (jsdom cannot lay out a virtual list): the picker counts
 * them, search narrows them, the list keeps only a window of options in the page, and the
 * keyboard walks it. Timings are recorded as annotations, not asserted.
 */
import { expect, test } from '../harness/fixtures'
import { startManyLocationsService, syntheticLocationName } from '../harness/many-locations-service'

const KEY = 'e2e-many-locations-key-3b9d41a7'
const COUNT = 50_000
/** Far fewer options than locations: the list renders only what is near the viewport. */
const MAX_OPTIONS_IN_PAGE = 200

test('50,000 locations: counted, searchable, virtual and walkable by keyboard', async ({ app }) => {
  const service = await startManyLocationsService(KEY, COUNT)
  const { page } = app
  try {
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.origin })
    await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
    const started = Date.now()
    await page.goto(`${app.url}#/explore/residential`)
    const count = page.getByTestId('location-count')
    await expect(count).toContainText('50,000 locations in 8 countries', { timeout: 30_000 })
    test.info().annotations.push({ type: 'list ready', description: `${Date.now() - started} ms` })

    const search = page.getByTestId('location-search')
    const listbox = page.getByTestId('location-listbox')
    const wanted = syntheticLocationName(49_999)
    const typed = Date.now()
    await search.fill(wanted.toLowerCase())
    await expect(count).toContainText(/match(es)? of 50,000/)
    await expect(listbox.getByRole('option').first()).toContainText(wanted)
    test.info().annotations.push({ type: 'search', description: `${Date.now() - typed} ms` })

    await search.fill('')
    await expect(count).toContainText('50,000 locations')
    await search.focus()
    for (let press = 0; press < 40; press += 1) await search.press('ArrowDown')
    const active = listbox.locator('[role="option"][aria-selected="true"]')
    await expect(active).toHaveCount(1)
    await expect(active).toBeInViewport()

    await listbox.evaluate((element) => element.scrollTo(0, element.scrollHeight))
    await expect(listbox.getByRole('option').last()).toContainText(/Estate \d+/)
    expect(await listbox.getByRole('option').count()).toBeLessThan(MAX_OPTIONS_IN_PAGE)
  } finally {
    await service.close()
  }
})
