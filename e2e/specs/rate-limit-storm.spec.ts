/**
 * A service that answers 429 for ever must not be hammered: whatever form its Retry-After takes,
 * a screen sends at most a few dozen requests in 10 s (the client's own retries included), shows
 * a clear rate-limit state, and "Retry now" works.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../harness/fixtures'
import { unhandledRejections, watchUnhandledRejections } from '../harness/page-errors'
import { screenshotBothSizes } from '../harness/screenshots'
import { RETRY_AFTER_FORMS, startRateLimitedService } from '../harness/rate-limited-service'
import type { RetryAfterForm } from '../harness/rate-limited-service'

const KEY = 'e2e-storm-key-5e1c80d2'
/** How long the service is watched, and the most requests it may receive in that time. */
const WATCH_MS = 10_000
const MAX_REQUESTS = 40

interface ScreenCase {
  name: string
  hash: string
  /** Visible once the screen has its data. */
  loaded: (page: Page) => ReturnType<Page['locator']>
}

const SCREENS: ScreenCase[] = [
  {
    name: 'location',
    hash: '#/location/residential/NG/lekki-phase-1',
    loaded: (page) => page.locator('tr[data-beds="2"] .cell-value').first()
  },
  {
    name: 'explore',
    hash: '#/explore/residential',
    loaded: (page) => page.getByTestId('location-listbox').getByRole('option').first()
  }
]

test.describe.configure({ timeout: 90_000 })

for (const form of Object.keys(RETRY_AFTER_FORMS) as RetryAfterForm[]) {
  for (const screen of SCREENS) {
    test(`429 for ever, Retry-After ${form}: the ${screen.name} screen sends at most ${MAX_REQUESTS} requests in 10 s, and "Retry now" works`, async ({
      app
    }) => {
      const service = await startRateLimitedService(KEY, form)
      const { page } = app
      try {
        await app.handlers.updateSettings({ connectionMode: 'remote', baseUrl: service.origin })
        await app.handlers.setApiKey({ key: KEY, persistence: 'session' })
        await watchUnhandledRejections(page)

        const before = service.requests
        await page.goto(`${app.url}${screen.hash}`)
        await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
        // Watch the service for 10 s (a count over a window, not a timing check).
        await page.waitForTimeout(WATCH_MS)
        const sent = service.requests - before
        test.info().annotations.push({ type: 'requests in 10 s', description: String(sent) })
        expect(sent).toBeGreaterThan(0)
        expect(sent).toBeLessThanOrEqual(MAX_REQUESTS)

        // A clear state: the wait before the next automatic retry, or "try again later".
        const notice = page.getByTestId('error-notice').first()
        await expect(notice).toHaveAttribute('data-error-code', 'RATE_LIMITED')
        const schedule = notice.getByTestId('rate-limit-countdown')
        if (form === 'over 2^31-1 ms') {
          await expect(schedule).toContainText(/try again later/i)
        } else {
          await expect(schedule).toContainText(/Retrying automatically in \d+ s/)
        }
        const retryNow = notice.getByRole('button', { name: 'Retry now' })
        await expect(retryNow).toBeVisible()
        if (form === 'zero' || form === 'over 2^31-1 ms') {
          await screenshotBothSizes(
            page,
            `rate-limited-${screen.name}-${form === 'zero' ? 'countdown' : 'later'}`
          )
        }

        service.heal()
        await retryNow.click()
        await expect(screen.loaded(page)).toBeVisible({ timeout: 30_000 })
        await expect(page.getByTestId('error-notice')).toHaveCount(0)
        expect(await unhandledRejections(page)).toEqual([])
      } finally {
        await service.close()
      }
    })
  }
}
