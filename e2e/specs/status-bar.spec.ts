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
