import { request } from 'undici'
import { startService } from '../../src/service'
import { expect, test } from '../harness/fixtures'

const KEY = 'e2e-rate-key-9a7f33'

test('a long Retry-After pauses lookups: the screen says why once, and "Retry now" recovers', async ({
  app
}) => {
  test.setTimeout(90_000)
  // One request every 20 s: main's quota guard pauses lookups for the wait the service asked.
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
    await expect(notice).toHaveCount(1)
    await expect(notice).toHaveAttribute('data-error-code', 'RATE_LIMITED')
    await expect(app.page.getByTestId('status-service')).toContainText('Service rate limiting')
    // Nothing is asked again by the page itself: after the service's wait, the user asks.
    await app.page.waitForTimeout(21_000)
    await notice.getByRole('button', { name: 'Retry now' }).click()
    await expect(app.page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible({
      timeout: 20_000
    })
    await expect(notice).toBeHidden()
  } finally {
    await service.close()
  }
})
