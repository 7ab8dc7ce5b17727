import { request } from 'undici'
import { startService } from '../../src/service'
import { expect, test } from '../harness/fixtures'

const KEY = 'e2e-rate-key-9a7f33'

test('rate limited: the UI shows a countdown and recovers by itself', async ({ app }) => {
  test.setTimeout(90_000)
  // One request every 20 s: the Retry-After (20 s) exceeds the client's retry budget, so the
  // RATE_LIMITED error reaches the UI instead of being retried away silently.
  const service = await startService({ apiKey: KEY, rateLimitPerSecond: 0.05 })
  try {
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.baseUrl })
    await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
    const spent = await request(`${service.baseUrl}/locations?sector=land`, {
      headers: { 'api-key': KEY }
    })
    await spent.body.dump()
    expect(spent.statusCode).toBe(200)

    await app.open()
    const notice = app.page.getByTestId('error-notice')
    await expect(notice).toHaveAttribute('data-error-code', 'RATE_LIMITED')
    await expect(app.page.getByTestId('rate-limit-countdown')).toContainText(/\d+/)
    await expect(app.page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible({
      timeout: 45_000
    })
    await expect(notice).toBeHidden()
  } finally {
    await service.close()
  }
})
