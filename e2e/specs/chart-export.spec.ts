import type { Locator, Page } from '@playwright/test'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SCREENSHOT_DIR } from '../harness/paths'
import { exportChartPng, pngContent, pngSize } from '../harness/png'

/** The demo mark's fill in an exported image (see chart-export.ts). */
const DEMO_MARK_FILL = '#fbe9c2'
const DAY = String.raw`\d{4}-\d{2}-\d{2}`

function toHex(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number)
  return '#' + [r, g, b].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')
}

/** A colour variable as the page resolves it (tokens.css holds light-dark() pairs), as hex. */
async function cssColour(page: Page, variable: string): Promise<string> {
  const rgb = await page.evaluate((name) => {
    const probe = document.body.appendChild(document.createElement('span'))
    probe.style.color = `var(${name})`
    const colour = getComputedStyle(probe).color
    probe.remove()
    return colour
  }, variable)
  return toHex(rgb)
}

/**
 * Exports one chart and checks the PNG: named for what it shows, the chart's size × 2 (the
 * test browser's pixel ratio is 1), a real picture with the given colours and the demo mark.
 */
async function checkExport(app: AppHarness, chart: Locator, fileName: RegExp, colours: string[]) {
  const { download, png, surface } = await exportChartPng(chart)
  expect(download.suggestedFilename()).toMatch(fileName)
  // Kept beside the suite's screenshots for people to look at.
  await download.saveAs(join(SCREENSHOT_DIR, 'exports', download.suggestedFilename()))
  expect(surface.width).toBeGreaterThan(200)
  const size = pngSize(png)
  expect(size.width).toBe(surface.width * 2)
  expect(size.height).toBeGreaterThan(surface.height * 2)
  expect(size.height).toBeLessThan((surface.height + 140) * 2)
  const content = await pngContent(app.page.context(), png, [...colours, DEMO_MARK_FILL])
  expect(content).toMatchObject({ width: size.width, height: size.height })
  expect(content.colours).toBeGreaterThan(40)
  expect(content.inked).toBeGreaterThan(0.03)
  expect(content.found.sort()).toEqual(
    [...colours, DEMO_MARK_FILL].map((c) => c.toLowerCase()).sort()
  )
  const toasts = app.page.getByTestId('toasts')
  await expect(toasts).toContainText(download.suggestedFilename())
  await expect(toasts).toContainText(/Saved (\d+ charts|chart) as PNG/)
}

test('location charts export as PNGs of the chart itself, at 2×, named for what they show', async ({
  app
}) => {
  const { page } = app
  await app.open()
  await page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
  await expect(page.getByTestId('location-name')).toHaveText('Lekki Phase 1')
  await expect(page.locator('tr[data-beds="4"] td').first()).toContainText('NGN')
  await page.emulateMedia({ reducedMotion: 'reduce' })

  const rent = await cssColour(page, '--chart-rent')
  const sale = await cssColour(page, '--chart-sale')
  await checkExport(
    app,
    page.getByTestId('growth-chart'),
    new RegExp(
      `^market-lekki-phase-1-ng-residential-growth-by-bed-type-rent-vs-sale-${DAY}\\.png$`
    ),
    [rent, sale]
  )
  await checkExport(
    app,
    page.getByTestId('price-path-chart'),
    new RegExp(
      `^market-lekki-phase-1-ng-residential-implied-price-path-sale-prices-by-bed-type-${DAY}\\.png$`
    ),
    []
  )

  await page.goto(`${app.url}#/location/land/NG/ikoyi`)
  await expect(page.getByTestId('land-price')).toContainText('NGN')
  await checkExport(
    app,
    page.getByTestId('price-path-chart'),
    new RegExp(`^market-ikoyi-ng-land-implied-land-price-path-${DAY}\\.png$`),
    []
  )
})

test('compare charts export with every location in its own colour', async ({ app }) => {
  const { page } = app
  await app.open()
  for (const slug of ['lekki-phase-1', 'ikoyi', 'maitama', 'yaba']) {
    await page.goto(`${app.url}#/location/residential/NG/${slug}`)
    await page.getByTestId('add-to-compare').click()
  }
  await page.getByTestId('nav-compare').click()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const table = page.getByTestId('compare-table')
  await expect(table.locator('tr[data-metric="growth"] td[data-value]')).toHaveCount(4)
  const swatches = await table
    .locator('.compare-swatch')
    .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).backgroundColor))
  const colours = [...new Set(swatches.map(toHex))]
  expect(colours).toHaveLength(4)

  await checkExport(
    app,
    page.getByTestId('compare-growth-chart'),
    new RegExp(`^market-compare-growth-residential-3-bed-sale-${DAY}\\.png$`),
    colours
  )
  await checkExport(
    app,
    page.getByTestId('compare-scatter-chart'),
    new RegExp(`^market-compare-yield-vs-growth-residential-3-bed-sale-${DAY}\\.png$`),
    colours
  )
  await expect(page.getByTestId('toasts')).toContainText('Saved 2 charts as PNG')
})

test('a chart whose location name has 20,000 characters (and a U+0001) exports in under 1 s', async ({
  app
}) => {
  const { page } = app
  const longName = `Lekki \u0001 ${'Phase 1 '.repeat(2_500)}`.slice(0, 20_000)
  const place = (slug: string, name: string) => ({
    sector: 'residential',
    slug,
    countryCode: 'NG',
    name,
    city: 'Lagos',
    country: 'Nigeria'
  })
  // Stored by an older version, before answers were bounded: the chart still has to export.
  await page.addInitScript(
    (compare) => {
      if (localStorage.getItem('me.compare') === null) localStorage.setItem('me.compare', compare)
    },
    JSON.stringify([place('lekki-phase-1', longName), place('ikoyi', 'Ikoyi')])
  )
  await app.open()
  await page.goto(`${app.url}#/compare`)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const table = page.getByTestId('compare-table')
  await expect(table.locator('tr[data-metric="growth"] td[data-value]')).toHaveCount(2)
  const chart = page.getByTestId('compare-growth-chart')
  await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible()

  // Timed in the page: from the click to the toast that says the file was saved (or failed).
  const [download, exported] = await Promise.all([
    page.waitForEvent('download'),
    chart.evaluate(async (frame) => {
      const button = frame.querySelector<HTMLButtonElement>('button[aria-label$=" as PNG"]')
      if (!button) throw new Error('no PNG button')
      const toasts = () => document.querySelector('[data-testid="toasts"]')?.textContent ?? ''
      const start = performance.now()
      button.click()
      const outcome = await new Promise<string>((resolve) => {
        const check = () => {
          const text = toasts()
          if (/Saved chart as PNG|PNG export failed/.test(text)) resolve(text)
        }
        const observer = new MutationObserver(check)
        observer.observe(document.body, { subtree: true, childList: true, characterData: true })
        setTimeout(() => resolve('no toast within 30 s'), 30_000)
      })
      return { outcome, ms: performance.now() - start }
    })
  ])
  expect(exported.outcome).toContain('Saved chart as PNG')
  expect(exported.ms).toBeLessThan(1_000)
  expect(download.suggestedFilename().length).toBeLessThan(160)
  const png = readFileSync(await download.path())
  const content = await pngContent(app.page.context(), png, [])
  expect(content.inked).toBeGreaterThan(0.03)
  test.info().annotations.push({ type: 'export', description: `${exported.ms.toFixed(0)} ms` })
})
