/**
 * Growth in both readings on every screen that shows it, the price path's end year, round axis
 * ticks and scatter names that do not collide (issue 29), pictured at 1280×800 and 960×600 in
 * light and dark (e2e/screenshots/growth-*).
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../harness/fixtures'
import { screenshotBothSizes, screenshotBothThemes, SMALL_VIEWPORT } from '../harness/screenshots'

const ref = (slug: string, name: string, city: string) => ({
  sector: 'residential',
  slug,
  name,
  city,
  country: 'Nigeria',
  countryCode: 'NG'
})
const COMPARED = [
  ref('victoria-island', 'Victoria Island', 'Lagos'),
  ref('gwarinpa', 'Gwarinpa', 'Abuja'),
  ref('lekki-phase-1', 'Lekki Phase 1', 'Lagos'),
  ref('ikoyi', 'Ikoyi', 'Lagos'),
  ref('maitama', 'Maitama', 'Abuja'),
  ref('yaba', 'Yaba', 'Lagos')
]

/** "+9.9%/yr" over "≈ +60% over 2020–25" (or the other way round for a total). */
const BOTH_READINGS = /[+-]?\d+(\.\d+)?%\/yr.*≈\s[+-]?[\d.]+% over\s\d{4}–\u2060?\d{2}/

/** The tick labels of a chart's axes, as numbers (units and currency stripped). */
async function tickValues(chart: Locator): Promise<number[]> {
  const texts = await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents()
  return texts.map((text) => Number(text.replace(/[^\d.-]/g, ''))).filter(Number.isFinite)
}

/** Every step between ticks is 1, 2, 2.5 or 5 × 10ⁿ. */
function roundSteps(ticks: readonly number[]): boolean {
  return ticks.slice(1).every((tick, index) => {
    const step = tick - (ticks[index] ?? 0)
    const scaled = step / Math.pow(10, Math.floor(Math.log10(step)))
    return [1, 2, 2.5, 5, 10].some((nice) => Math.abs(scaled - nice) < 1e-6)
  })
}

/** Pairs of the chart's names whose boxes overlap on screen. */
async function overlappingNames(labels: Locator): Promise<string[]> {
  const boxes = await labels.evaluateAll((texts) =>
    texts.map((text) => ({ name: text.textContent, ...text.getBoundingClientRect().toJSON() }))
  )
  return boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      .map((b) => `${a.name} / ${b.name}`)
  )
}

const LARGE_VIEWPORT = { width: 1280, height: 800 }

/** At 1280×800 then 960×600: shows `testId` at the top, runs `check`, shoots it light and dark. */
async function chartAtBothSizes(
  page: Page,
  testId: string,
  name: string,
  check: (size: string) => Promise<void> = async () => undefined
): Promise<void> {
  for (const [viewport, suffix] of [
    [LARGE_VIEWPORT, ''],
    [SMALL_VIEWPORT, '-960']
  ] as const) {
    await page.setViewportSize(viewport)
    // Scrolls the content area only (scrollIntoView would shift the whole window too).
    await page.getByTestId(testId).evaluate((shown) => {
      const main = shown.closest('.app-main')
      if (!main) throw new Error('no content area')
      const top = shown.getBoundingClientRect().top - main.getBoundingClientRect().top
      main.scrollTop += top - 16
    })
    await check(`${viewport.width}px`)
    await screenshotBothThemes(page, `${name}${suffix}`)
  }
  await page.setViewportSize(LARGE_VIEWPORT)
}

test('growth in both readings, the path’s end year, round ticks and scatter names apart', async ({
  app
}) => {
  const { page } = app
  await page.addInitScript((compare) => {
    if (localStorage.getItem('me.compare') === null) localStorage.setItem('me.compare', compare)
  }, JSON.stringify(COMPARED))
  await page.setViewportSize(LARGE_VIEWPORT)
  await app.open()

  await page.goto(`${app.url}#/location/residential/NG/lekki-phase-1`)
  const saleGrowth = page.locator('tr[data-beds="2"] td').nth(4)
  await expect(saleGrowth).toContainText(BOTH_READINGS)
  await screenshotBothSizes(page, 'growth-location')
  const path = page.getByTestId('price-path-chart')
  await expect(path).toContainText('2025: current average price')
  await expect(path).toContainText('Each line ends in 2025, the period’s end year')
  // Round ticks: growth in steps of 1, 2, 2.5 or 5 × 10ⁿ, from zero.
  const growthTicks = await tickValues(
    page.getByTestId('growth-chart').locator('.recharts-yAxis-tick-labels')
  )
  expect(growthTicks).toContain(0)
  expect(roundSteps(growthTicks), `growth ticks ${growthTicks.join(', ')}`).toBe(true)
  await chartAtBothSizes(page, 'price-path-chart', 'growth-location-charts')
  // A bar's tooltip reads its growth both ways too.
  const growthChart = page.getByTestId('growth-chart')
  await growthChart.locator('.recharts-bar-rectangle').first().hover()
  await expect(growthChart.locator('.recharts-tooltip-wrapper')).toContainText(BOTH_READINGS)

  await page.goto(`${app.url}#/location/land/NG/lekki-phase-1`)
  await expect(page.getByTestId('land-growth')).toContainText(BOTH_READINGS)
  await screenshotBothSizes(page, 'growth-land')

  await page.goto(`${app.url}#/compare`)
  const table = page.getByTestId('compare-table')
  await expect(table.locator('tr[data-metric="growth"]')).toContainText(BOTH_READINGS)
  await screenshotBothSizes(page, 'growth-compare')
  const compareGrowth = page.getByTestId('compare-growth-chart')
  await compareGrowth.locator('.recharts-bar-rectangle').first().hover()
  await expect(compareGrowth.locator('.recharts-tooltip-wrapper')).toContainText(BOTH_READINGS)
  await page.mouse.move(0, 0) // no tooltip in the pictures
  const labels = page.getByTestId('compare-scatter-chart').locator('.scatter-labels text')
  await chartAtBothSizes(page, 'compare-scatter-chart', 'growth-compare-charts', async (size) => {
    await expect(labels.first()).toBeVisible()
    // Polled: the chart lays its names out again once it has its new size.
    await expect
      .poll(() => overlappingNames(labels), { message: `scatter names overlap at ${size}` })
      .toEqual([])
  })

  await page.goto(`${app.url}#/rankings`)
  await expect(page.locator('td[data-column="growth"]').first()).toContainText(BOTH_READINGS, {
    timeout: 30_000
  })
  await screenshotBothSizes(page, 'growth-rankings')

  await page.goto(`${app.url}#/saved`)
  const library = page.getByTestId('offline-library')
  await library.getByText(BOTH_READINGS).first().waitFor()
  await chartAtBothSizes(page, 'offline-library', 'growth-saved')
})
