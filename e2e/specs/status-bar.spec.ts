import { startService } from '../../src/service'
import { expect, test } from '../harness/fixtures'

const KEY = 'e2e-status-key-41d07c2e'

test("status bar: switching between demo data and your service never shows the other's last request", async ({
  app
}) => {
  const service = await startService({ apiKey: KEY })
  try {
    const { page } = app
    const lastRequest = page.getByTestId('status-last-success')
    await app.open()
    await expect(page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible()
    await expect(lastRequest).toContainText('Last successful request', { timeout: 15_000 })

    // Your service, with a key it refuses: no success of its own yet, and its own error.
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.baseUrl })
    await app.handlers.setApiKey({ key: 'e2e-refused-key-0000', persistence: 'session' })
    // Land locations were never fetched, so they are asked of your service (not the cache).
    await page.goto(`${app.url}#/explore/land`)
    await page.reload()
    await expect(page.getByTestId('error-notice')).toHaveAttribute('data-error-code', 'AUTH')
    await expect(page.getByTestId('status-connection')).toContainText('Your service')
    await expect(lastRequest).toContainText('No successful request yet', { timeout: 15_000 })
    await expect(lastRequest).toContainText('AUTH', { timeout: 15_000 })

    // Back to demo data: its own last success again, and not your service's error.
    await app.handlers.updateSettings({ connectionMode: 'demo' })
    await page.reload()
    await expect(page.getByTestId('status-connection')).toContainText('Demo data')
    await expect(lastRequest).toContainText('Last successful request', { timeout: 15_000 })
    await expect(lastRequest).not.toContainText('AUTH')
  } finally {
    await service.close()
  }
})

test('service stopped: after the first failed request the status bar says the service is unreachable, not Online', async ({
  app
}) => {
  const service = await startService({ apiKey: KEY })
  let stopped = false
  try {
    const { page } = app
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.baseUrl })
    await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
    await page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
    await expect(page.getByTestId('price-matrix')).toBeVisible()
    await expect(page.getByTestId('price-matrix').locator('.skeleton')).toHaveCount(0)
    await expect(page.getByTestId('status-last-success')).toContainText('Last successful request', {
      timeout: 15_000
    })
    const network = page.getByTestId('status-network')
    await expect(network).toContainText('Online')

    await service.close()
    stopped = true
    await page.getByRole('button', { name: /Refresh figures for Lekki Phase 1/ }).click()
    await expect(page.getByTestId('refresh-outcome')).toContainText('Refresh failed', {
      timeout: 30_000
    })
    await expect(network).toContainText('Service unreachable', { timeout: 15_000 })
    await expect(network).not.toContainText('Online')
    await expect(page.getByTestId('status-last-success')).toContainText('Last successful request')
  } finally {
    if (!stopped) await service.close()
  }
})
