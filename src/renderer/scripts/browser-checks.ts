/**
 * Checks of the built renderer in Debian Chromium that jsdom cannot do: 50,000-location search
 * latency, PNG chart export and CSV download. Usage:
 *   npx electron-vite build && npx tsx src/renderer/scripts/browser-checks.ts
 */
import { build } from 'esbuild'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { serveDirectory } from '../../../e2e/harness/static-server'

const say = (line: string) => process.stdout.write(`${line}\n`)
const harness = await build({
  entryPoints: [resolve(import.meta.dirname, 'harness-entry.ts')],
  bundle: true,
  write: false,
  format: 'iife'
})
const server = await serveDirectory(resolve('out/renderer'))
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run'
  ]
})
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 820 },
    acceptDownloads: true
  })
  await context.addInitScript({ content: harness.outputFiles[0]?.text ?? '' })
  const page = await context.newPage()
  page.on('pageerror', (error) => say(`pageerror: ${error.message}`))

  // 1. 50,000 locations: time from keystroke to the list showing the narrowed result.
  const started = Date.now()
  await page.goto(`${server.url}?scenario=big#/explore/residential`)
  await page.waitForSelector('[data-app-state="ready"]')
  await page.getByText('50,000 locations', { exact: false }).waitFor()
  say(`50k: ready with list in ${Date.now() - started} ms`)
  const search = page.getByTestId('location-search')
  for (const text of ['e', 'es', 'est', 'esta', 'estate 4', 'estate 49', 'estate 499']) {
    const t0 = Date.now()
    await search.fill(text)
    await page.waitForFunction(
      (query) =>
        document.querySelector('[data-testid="location-count"]')?.textContent?.includes('match') &&
        (document.querySelector('[data-testid="location-search"]') as HTMLInputElement).value ===
          query,
      text
    )
    say(
      `50k: "${text}" → ${await page.getByTestId('location-count').textContent()} in ${Date.now() - t0} ms`
    )
  }
  await search.fill('')
  const t1 = Date.now()
  for (let i = 0; i < 40; i++) await search.press('ArrowDown')
  say(
    `50k: 40 × ArrowDown in ${Date.now() - t1} ms, active: ${await page.locator('[role="option"][aria-selected="true"]').textContent()}`
  )
  await page.locator('[data-testid="location-listbox"]').evaluate((el) => el.scrollTo(0, 1_000_000))
  await page.waitForTimeout(200)
  say(
    `50k: options in DOM after scrolling to the end: ${await page.locator('[role="option"]').count()}`
  )

  // 2. PNG export of a chart and CSV export of the comparison.
  await page.goto(`${server.url}?scenario=rich#/compare`)
  await page.waitForSelector('[data-app-state="ready"]')
  await page.locator('[data-testid="compare-growth-chart"] svg.recharts-surface').waitFor()
  await page.waitForTimeout(500)
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Export chart "Growth \(sale\)" as PNG/ }).click()
  ])
  const pngBytes = await readFile((await png.path()) ?? '')
  await png.saveAs('/tmp/market-shots/exported-chart.png')
  say(
    `PNG: ${png.suggestedFilename()} ${pngBytes.length} bytes, signature ok: ${pngBytes.subarray(1, 4).toString() === 'PNG'}`
  )
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click()
  ])
  const csvText = await readFile((await csv.path()) ?? '', 'utf8')
  say(
    `CSV: ${csv.suggestedFilename()} ${csvText.split('\r\n').length - 2} rows; first: ${csvText.split('\r\n')[1]}`
  )
} finally {
  await browser.close()
  await server.close()
}
