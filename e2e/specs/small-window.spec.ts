import type { Page } from '@playwright/test'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { screenshotBothThemes } from '../harness/screenshots'

/** The smallest window the app is designed for. */
const SMALL = { width: 960, height: 600 }

/** Widths by which the page, or the scrolling content area, is wider than the window. */
async function horizontalOverflow(page: Page): Promise<{ page: number; content: number }> {
  return page.evaluate(() => {
    const root = document.documentElement
    const main = document.querySelector('.app-main')
    return {
      page: Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth,
      content: main ? main.scrollWidth - main.clientWidth : 0
    }
  })
}

/** Closes notifications, which would cover what the screenshot is for. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByTestId('toasts').getByRole('button', { name: 'Dismiss notification' })
  while ((await close.count()) > 0) await close.first().click()
}

async function shoot(page: Page, name: string): Promise<void> {
  await dismissToasts(page)
  await page.mouse.move(SMALL.width - 1, SMALL.height / 2) // no hover effect in the picture
  // The demo data's figures are all plausible: no wrong-units hint on any screen.
  await expect(page.getByTestId('units-hint')).toHaveCount(0)
  expect(await horizontalOverflow(page), `${name}: horizontal overflow`).toEqual({
    page: 0,
    content: 0
  })
  await screenshotBothThemes(page, `small-${name}`)
}

async function openRoute(app: AppHarness, hash: string): Promise<void> {
  await app.page.goto(`${app.url}${hash}`)
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
}

test('every screen at 960×600, light and dark: nothing wider than the window', async ({ app }) => {
  const { page, handlers } = app
  await page.setViewportSize(SMALL)
  await app.open()
  await expect(page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible()
  await expect(page.getByTestId('first-run')).toBeVisible()
  await shoot(page, 'explore-first-run')
  await page.getByTestId('first-run').getByRole('button', { name: 'Got it' }).click()
  await page.getByTestId('location-search').fill('lekki')
  await expect(page.getByTestId('location-listbox').getByRole('option').first()).toContainText(
    'Lekki Phase 1'
  )
  await shoot(page, 'explore-search')

  const listed = await handlers.listLocations({ sector: 'residential' })
  if (!listed.ok) throw new Error('the demo service lists no locations')
  const nigeria = listed.data.locations.filter((l) => l.country_code === 'NG').slice(0, 6)
  expect(nigeria).toHaveLength(6)

  for (const [index, location] of nigeria.entries()) {
    await openRoute(app, `#/location/residential/NG/${location.slug}`)
    await expect(page.getByTestId('location-name')).toHaveText(location.name)
    await page.getByTestId('add-to-compare').click()
    if (index < 3) await page.getByTestId('save-location').click()
  }
  await expect(page.getByTestId('price-matrix')).toBeVisible()
  await expect(page.getByTestId('growth-chart')).toBeVisible()
  await shoot(page, 'location-residential')

  await openRoute(app, '#/location/land/NG/ikoyi')
  await expect(page.getByTestId('land-price')).toBeVisible()
  await shoot(page, 'location-land')

  await page.getByTestId('nav-compare').click()
  const table = page.getByTestId('compare-table')
  for (const location of nigeria) await expect(table).toContainText(location.name)
  await expect(table.locator('tr[data-metric="price"] td[data-best="true"]')).not.toHaveCount(0)
  await shoot(page, 'compare')

  await page.getByTestId('nav-saved').click()
  await expect(page.getByTestId('offline-library')).toContainText(nigeria[0]?.name ?? '')
  await shoot(page, 'saved')

  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('api-key-status')).toContainText(/key/i)
  await shoot(page, 'settings')
  // With a key saved, the key field's placeholder is the longest: it must still fit.
  const saved = await handlers.setApiKey({
    key: 'e2e-small-window-key-4d1a',
    persistence: 'session'
  })
  expect(saved.ok).toBe(true)
  await page.reload()
  await expect(page.getByTestId('api-key-status')).toContainText('session')
  await shoot(page, 'settings-key-saved')

  await openRoute(app, '#/no-such-screen')
  await expect(page.getByTestId('screen-not-found')).toBeVisible()
  await shoot(page, 'not-found')

  await openRoute(app, '#/location/residential/NG/atlantis')
  await expect(page.getByTestId('unknown-location')).toBeVisible()
  await shoot(page, 'unknown-location')
})

/** True when the tooltip is painted whole: each corner is the tooltip itself, not clipped away. */
async function tooltipWhole(anchor: ReturnType<Page['locator']>): Promise<boolean> {
  return anchor.evaluate((element) => {
    const tip = element.querySelector<HTMLElement>('[role="tooltip"]')
    if (!tip) return false
    tip.style.pointerEvents = 'auto' // tooltips let the pointer through; hit-test them here
    const box = tip.getBoundingClientRect()
    const inset = 6 // inside the rounded corners
    const corners = [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset]
    ] as const
    const whole = corners.every(([x, y]) => tip.contains(document.elementFromPoint(x, y)))
    tip.style.pointerEvents = ''
    return whole
  })
}

test('at 960×600: a focused figure shows its whole tooltip; rankings show every column and five rows', async ({
  app
}) => {
  const { page } = app
  await page.setViewportSize(SMALL)
  await app.open()

  // The price matrix scrolls sideways at this width: its first figure's tip used to be cut off.
  await openRoute(app, '#/location/residential/NG/lekki-phase-1')
  const figures = page.getByTestId('price-matrix').locator('.tooltip-anchor')
  await expect(figures.first()).toBeVisible()
  for (const index of [0, (await figures.count()) - 1]) {
    await figures.nth(index).focus()
    await expect(figures.nth(index).getByRole('tooltip')).toBeVisible()
    await expect
      .poll(() => tooltipWhole(figures.nth(index)), { message: `tooltip of figure ${index}` })
      .toBe(true)
  }

  // Rankings under the demo note: every column inside the table's box, with room left for a
  // classic scrollbar (headless Chromium hides scrollbars), and more than the old three rows.
  await openRoute(app, '#/rankings')
  await expect(page.getByTestId('rankings-summary')).toHaveText(/^(\d+) locations · \1 answered$/, {
    timeout: 30_000
  })
  await expect(page.getByTestId('first-run')).toBeVisible()
  const layout = await page.getByTestId('rankings-scroll').evaluate((scroll) => {
    const box = scroll.getBoundingClientRect()
    const bar = document.querySelector('[data-testid="status-bar"]')?.getBoundingClientRect()
    const bottom = Math.min(box.bottom, bar?.top ?? window.innerHeight)
    const rows = [...scroll.querySelectorAll('[data-testid="rankings-row"]')].filter((row) => {
      const rect = row.getBoundingClientRect()
      return rect.top >= box.top && rect.bottom <= bottom
    })
    const premium = scroll.querySelector('th:has([data-testid="sort-premium"])')
    // The table fills the box: its narrowest layout says how much room a scrollbar would have.
    const table = scroll.querySelector('table') as HTMLTableElement
    table.style.width = 'min-content'
    const minWidth = table.getBoundingClientRect().width
    table.style.width = ''
    return {
      rows: rows.length,
      premiumInside: (premium?.getBoundingClientRect().right ?? Infinity) <= box.right,
      spareWidth: scroll.clientWidth - minWidth
    }
  })
  expect(layout.rows).toBeGreaterThanOrEqual(5)
  expect(layout.premiumInside).toBe(true)
  expect(layout.spareWidth).toBeGreaterThanOrEqual(17) // a Windows scrollbar
  await shoot(page, 'rankings')
})
