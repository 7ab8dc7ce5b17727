import type { ReliabilityRow } from '../../reliability/lib/results'
import { recordRows } from '../../reliability/lib/results'
import { FAULT_NAMES } from '../../test/support/client/fault-catalogue'
import { FAULT_TIMEOUTS, startFaultProxy } from '../harness/fault-proxy'
import { expect, test } from '../harness/fixtures'
import { cachedQueryCount } from '../harness/query-cache'

const KEY = 'e2e-fault-key-0b7d52a1'
const LEKKI_URL = '#/location/residential/NG/lekki-phase-1'
const rows: ReliabilityRow[] = []
let observed = ''

test.describe.configure({ timeout: 120_000 })

test.afterEach(({}, testInfo) => {
  const fault = String(testInfo.annotations.find((note) => note.type === 'fault')?.description)
  const passed = testInfo.status === 'passed'
  rows.push({
    id: fault,
    area: 'Faults in the UI (e2e)',
    case: fault,
    tried: 1,
    passed: passed ? 1 : 0,
    lost: passed ? 'nothing' : `failed: ${testInfo.error?.message?.split('\n')[0] ?? 'unknown'}`,
    outcome: observed
  })
  observed = ''
})

test.afterAll(async () => {
  await recordRows('e2e-ui-faults', rows)
})

for (const fault of FAULT_NAMES) {
  test(`fault "${fault}": no crash, cached figures stay on screen and after a reload, then recovery`, async ({
    app
  }) => {
    test.info().annotations.push({ type: 'fault', description: fault })
    const proxy = await startFaultProxy(KEY)
    const { page } = app
    const refresh = page.getByRole('button', { name: /Refresh figures for Lekki Phase 1/ })
    const outcome = page.getByTestId('refresh-outcome')
    try {
      await app.handlers.updateSettings({
        connectionMode: 'remote',
        baseUrl: proxy.origin,
        timeouts: FAULT_TIMEOUTS,
        bedTypes: [{ value: '2' }]
      })
      await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
      const rent = await app.handlers.getResidentialPrice({
        location: 'lekki-phase-1',
        countryCode: 'NG',
        type: 'rent',
        beds: '2'
      })
      if (!rent.ok) throw new Error(`healthy lookup failed: ${rent.error.message}`)
      const price = rent.data.price.toLocaleString('en-US')
      const figures = page.locator('tr[data-beds="2"]')

      await page.goto(`${app.url}${LEKKI_URL}`)
      await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
      await expect(figures).toContainText(price)
      await expect.poll(() => cachedQueryCount(page, 'lekki-phase-1')).toBeGreaterThanOrEqual(2)

      proxy.setFault(fault)
      await refresh.click()
      await expect(outcome).toContainText('Refresh failed', { timeout: 60_000 })
      observed = `refresh: "${(await outcome.textContent()) ?? ''}"`
      await expect(figures).toContainText(price)

      await page.reload()
      await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
      await expect(figures).toContainText(price)

      proxy.setFault(undefined)
      await refresh.click()
      await expect(outcome).toHaveText('Updated', { timeout: 30_000 })
      await expect(figures).toContainText(price)
      observed += '; after reload under the fault the cached figures showed; recovered: "Updated"'
    } finally {
      await proxy.close()
    }
  })
}
