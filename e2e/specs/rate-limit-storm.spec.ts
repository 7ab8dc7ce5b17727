/**
 * A service that answers 429 for ever must not be hammered: whatever form its Retry-After takes,
 * a screen of N lookups sends at most N plus a small constant requests (main's quota guard holds
 * or pauses the rest, and the page asks nothing again by itself), shows a clear state (the hold
 * main waits out, or the guard's notice), and "Retry now" works.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../harness/fixtures'
import { unhandledRejections, watchUnhandledRejections } from '../harness/page-errors'
import { screenshotBothSizes } from '../harness/screenshots'
import { RETRY_AFTER_FORMS, startRateLimitedService } from '../harness/rate-limited-service'
import type { RetryAfterForm } from '../harness/rate-limited-service'

const KEY = 'e2e-storm-key-5e1c80d2'
/** How long the service is watched. */
const WATCH_MS = 10_000

interface ScreenCase {
  name: string
  hash: string
  /** The most requests the service may receive meanwhile: the screen's lookups plus a few. */
  maxRequests: number
  /** Visible once the screen has its data. */
  loaded: (page: Page) => ReturnType<Page['locator']>
}

const SCREENS: ScreenCase[] = [
  {
    name: 'location',
    hash: '#/location/residential/NG/lekki-phase-1',
    // 16 lookups (4 bed types × rent/sale × price and growth) and the locations list.
    maxRequests: 20,
    loaded: (page) => page.locator('tr[data-beds="2"] .cell-value').first()
  },
  {
    name: 'explore',
    hash: '#/explore/residential',
    maxRequests: 5,
    loaded: (page) => page.getByTestId('location-listbox').getByRole('option').first()
  }
]

test.describe.configure({ timeout: 90_000 })

for (const form of Object.keys(RETRY_AFTER_FORMS) as RetryAfterForm[]) {
  for (const screen of SCREENS) {
    test(`429 for ever, Retry-After ${form}: the ${screen.name} screen sends at most ${screen.maxRequests} requests, and "Retry now" works`, async ({
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
        expect(sent).toBeLessThanOrEqual(screen.maxRequests)

        // A clear state, said once: main holding lookups for the wait, or the guard's notice.
        const notice = page.getByTestId('error-notice').or(page.getByTestId('service-wait'))
        await expect(notice).toHaveCount(1)
        if (await page.getByTestId('error-notice').count()) {
          await expect(notice).toHaveAttribute('data-error-code', 'RATE_LIMITED')
        } else {
          await expect(notice).toContainText(/Waiting for the service \(rate limited/)
        }
        await expect(page.getByTestId('status-network')).toContainText('Service rate limiting')
        const retryNow = notice.getByRole('button', { name: 'Retry now' })
        await expect(retryNow).toBeVisible()
        if (form === 'zero' || form === 'over 2^31-1 ms') {
          await screenshotBothSizes(
            page,
            `rate-limited-${screen.name}-${form === 'zero' ? 'zero' : 'long'}`
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
