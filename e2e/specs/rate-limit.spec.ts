import { expect, test } from '../harness/fixtures'
import { startBrieflyLimitedService } from '../harness/rate-limited-service'

const KEY = 'e2e-rate-key-9a7f33'

test('a long Retry-After pauses lookups: the screen says why once, asks nothing again by itself, and "Retry now" recovers', async ({
  app
}) => {
  // The service asks for 10 minutes: more than main's quota guard holds lookups for, so it pauses.
  const service = await startBrieflyLimitedService(KEY)
  try {
    await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.origin })
    await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
    service.limitNext(1, 600)

    await app.open()
    const notice = app.page.getByTestId('error-notice')
    await expect(notice).toHaveCount(1)
    await expect(notice).toHaveAttribute('data-error-code', 'RATE_LIMITED')
    await expect(app.page.getByTestId('status-network')).toContainText(
      'Service rate limiting · lookups paused'
    )
    // Nothing is asked again by the page itself (a count over a window, not a timing check).
    await app.page.waitForTimeout(3_000)
    expect(service.requests).toBe(1)

    await notice.getByRole('button', { name: 'Retry now' }).click()
    await expect(app.page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible()
    await expect(notice).toBeHidden()
    await expect(app.page.getByTestId('status-service')).toHaveCount(0)
    expect(service.requests).toBe(2)
  } finally {
    await service.close()
  }
})
