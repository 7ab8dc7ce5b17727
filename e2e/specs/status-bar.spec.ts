import type { Page } from '@playwright/test'
import { startService } from '../../src/service'
import { expect, test } from '../harness/fixtures'
import { screenshotBothSizes } from '../harness/screenshots'

/** Text nodes matching `pattern` a user sees: not in a live region or a folded disclosure. */
function visibleTexts(page: Page, pattern: RegExp): Promise<number> {
  return page.evaluate(
    (source) => {
      const matches = new RegExp(source.pattern, source.flags)
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      let count = 0
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || !matches.test(node.textContent ?? '')) continue
        if (parent.closest('[aria-live], details:not([open]) > :not(summary)')) continue
        if (parent.getClientRects().length > 0) count += 1
      }
      return count
    },
    { pattern: pattern.source, flags: pattern.flags }
  )
}

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
    // Its error in words, not as a code chip.
    await expect(page.getByTestId('status-network')).toContainText('Service refused the key', {
      timeout: 15_000
    })
    await expect(page.getByTestId('status-bar')).not.toContainText('AUTH')

    // Back to demo data: its own last success again, and not your service's error.
    await app.handlers.updateSettings({ connectionMode: 'demo' })
    await page.reload()
    await expect(page.getByTestId('status-connection')).toContainText('Demo data')
    await expect(lastRequest).toContainText('Last successful request', { timeout: 15_000 })
    await expect(page.getByTestId('status-network')).not.toContainText('refused')
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
    // This service says its figures are illustrative: banner and badge, as demo data has.
    await expect(page.getByTestId('illustrative-notice')).toContainText('Not market data.')
    await expect(page.getByTestId('status-connection')).toContainText(
      'Your service: illustrative data'
    )

    await service.close()
    stopped = true
    await page.getByRole('button', { name: /Refresh figures for Lekki Phase 1/ }).click()
    await expect(page.getByTestId('refresh-outcome')).toContainText('Refresh failed', {
      timeout: 30_000
    })
    await expect(network).toContainText('Service unreachable', { timeout: 15_000 })
    await expect(network).not.toContainText('Online')
    await expect(page.getByTestId('status-last-success')).toContainText('Last successful request')

    // One error per place: the prices card says why once (not again beside Refresh, not in a
    // toast), the status bar says it in words; codes only in a folded details disclosure.
    await expect(page.getByTestId('refresh-outcome')).toHaveText('Refresh failed')
    await expect(page.getByTestId('error-notice')).toHaveCount(1)
    await expect(page.getByTestId('toast')).toHaveCount(0)
    expect(await visibleTexts(page, /refused the connection|cannot be reached/)).toBe(1)
    expect(await visibleTexts(page, /\bNETWORK\b|\(HTTP \d+\)/)).toBe(0)
    await expect(page.getByTestId('error-details')).not.toHaveAttribute('open')
    await screenshotBothSizes(page, 'status-service-stopped-location')

    // Another screen: its one notice, the same status.
    await page.getByTestId('nav-rankings').click()
    await expect(page.getByTestId('screen-rankings')).toBeVisible()
    await expect(
      page.getByTestId('error-notice').or(page.getByTestId('rankings-failed'))
    ).toHaveCount(1, {
      timeout: 30_000
    })
    expect(await visibleTexts(page, /refused the connection|cannot be reached/)).toBe(1)
    expect(await visibleTexts(page, /\bNETWORK\b|\(HTTP \d+\)/)).toBe(0)
    await expect(network).toContainText('Service unreachable')
    await screenshotBothSizes(page, 'status-service-stopped-rankings')
  } finally {
    if (!stopped) await service.close()
  }
})
