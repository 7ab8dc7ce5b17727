import type { Page } from '@playwright/test'
import { recordRows } from '../../reliability/lib/results'
import { expect, test } from '../harness/fixtures'
import { cachedQueryCount, queryCacheRecords } from '../harness/query-cache'
import { screenshotBothThemes } from '../harness/screenshots'

const CACHE_DB = 'market-explorer-cache'
const CACHE_STORE = 'queries'

/**
 * Damages the two 3-bed price records in place: one cut in half, one replaced by a structured
 * (non-text) value. Everything else, the 2-bed figures included, is left as it was.
 */
async function damageTwoRecords(page: Page): Promise<string[]> {
  return page.evaluate(
    async ([dbName, storeName]) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const store = database.transaction(storeName, 'readwrite').objectStore(storeName)
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = store.getAllKeys()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const priceKeys = keys
        .map(String)
        .filter((key) => key.includes('"residentialPrice"') && key.includes('"beds":"3"'))
      const [halved, replaced] = priceKeys
      if (!halved || !replaced) throw new Error('fewer than two cached records')
      const value = await new Promise<string>((resolve, reject) => {
        const request = store.get(halved)
        request.onsuccess = () => resolve(String(request.result))
        request.onerror = () => reject(request.error)
      })
      store.put(value.slice(0, Math.floor(value.length / 2)), halved)
      store.put({ garbage: [1, 2, 3] }, replaced)
      await new Promise<void>((resolve, reject) => {
        store.transaction.oncomplete = () => resolve()
        store.transaction.onerror = () => reject(store.transaction.error)
      })
      database.close()
      return [halved, replaced]
    },
    [CACHE_DB, CACHE_STORE] as const
  )
}

test('damaged IndexedDB records: the library says so, keeps every other record, removes only those', async ({
  app
}) => {
  const { page } = app
  const rent = await app.handlers.getResidentialPrice({
    location: 'lekki-phase-1',
    countryCode: 'NG',
    type: 'rent',
    beds: '2'
  })
  if (!rent.ok) throw new Error('no fixture price')
  await app.open()
  await page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
  await expect(page.getByTestId('location-name')).toHaveText('Lekki Phase 1')
  await expect.poll(() => cachedQueryCount(page, 'lekki-phase-1')).toBeGreaterThanOrEqual(10)
  // Count only once every figure has arrived and been written (a later write would be counted by
  // the library but not in `before`).
  await expect(page.getByTestId('price-matrix').getByRole('status')).toHaveCount(0)
  let settled = -1
  await expect
    .poll(async () => {
      const count = (await queryCacheRecords(page)).length
      const steady = count === settled
      settled = count
      return steady
    })
    .toBe(true)
  const before = (await queryCacheRecords(page)).length

  const damaged = await damageTwoRecords(page)
  await app.handlers.updateSettings({ offlineMode: true })
  await page.reload()
  await page.getByTestId('nav-saved').click()
  const notice = page.getByTestId('damaged-cache-notice')
  await expect(notice).toContainText('2 cached results are damaged and cannot be read')
  const library = page.getByTestId('offline-library')
  await expect(library.locator('tbody tr')).toHaveCount(before - 2)
  await screenshotBothThemes(page, 'saved-damaged-records')

  await page.getByTestId('remove-damaged-entries').click()
  await expect(notice).toHaveCount(0)
  await expect(library.locator('tbody tr')).toHaveCount(before - 2)
  const after = await queryCacheRecords(page)
  expect(after).toHaveLength(before - 2)
  const survivors = after.map((record) => record.json).join('\n')
  expect(survivors).toContain('lekki-phase-1')

  // Offline, the location still shows every figure whose record survived.
  await page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
  await expect(page.getByTestId('location-name')).toHaveText('Lekki Phase 1')
  await expect(page.locator('tr[data-beds="2"]')).toContainText(
    rent.data.price.toLocaleString('en-US')
  )

  await recordRows('e2e-damaged-cache', [
    {
      id: 'damaged-records',
      area: 'Persistence faults',
      case: 'corrupted IndexedDB records (one truncated, one not text)',
      tried: damaged.length,
      passed: damaged.length,
      lost: 'nothing',
      outcome: `3-bed rent and sale records damaged; user told "2 cached results are damaged"; ${before - 2} of ${before} records intact and listed, 2-bed figures still shown offline; "Remove damaged records" deleted only the 2`
    }
  ])
})
