/**
 * Renders every screen of the built renderer (out/renderer) in Debian Chromium with a fake
 * window.market, in light and dark, at 1280×820. Usage:
 *   npx electron-vite build && npx tsx src/renderer/scripts/screenshots.ts [outDir]
 */
import { build } from 'esbuild'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { serveDirectory } from '../../../e2e/harness/static-server'

const outDir = resolve(process.argv[2] ?? '/tmp/market-shots')
const harness = await build({
  entryPoints: [resolve(import.meta.dirname, 'harness-entry.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser'
})
const harnessScript = harness.outputFiles[0]?.text ?? ''

const SCREENS: Array<{ name: string; hash: string; scenario?: string; act?: string }> = [
  { name: 'explore', hash: '#/explore/residential' },
  { name: 'explore-search', hash: '#/explore/residential', act: 'search' },
  { name: 'location', hash: '#/location/residential/NG/lekki-phase-1' },
  { name: 'location-land', hash: '#/location/land/NG/lekki-phase-1' },
  { name: 'compare', hash: '#/compare' },
  { name: 'compare-mixed', hash: '#/compare', scenario: 'mixed' },
  { name: 'saved', hash: '#/saved' },
  { name: 'settings', hash: '#/settings' }
]

await mkdir(outDir, { recursive: true })
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
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 820 },
      colorScheme
    })
    await context.addInitScript({ content: harnessScript })
    const page = await context.newPage()
    page.on('pageerror', (error) => process.stderr.write(`pageerror: ${error.message}\n`))
    page.on('console', (message) => {
      if (message.type() === 'error') process.stderr.write(`console: ${message.text()}\n`)
    })
    // Visit a location first so the offline library has content.
    await page.goto(`${server.url}#/location/residential/NG/ikoyi`)
    await page.waitForSelector('[data-app-state="ready"]')
    await page.waitForTimeout(600)
    for (const screen of SCREENS) {
      const query = screen.scenario ? `?scenario=${screen.scenario}` : ''
      await page.goto(`${server.url}${query}${screen.hash}`)
      await page.waitForSelector('[data-app-state="ready"]')
      if (screen.act === 'search') await page.getByTestId('location-search').fill('lag')
      await page.waitForTimeout(900)
      const file = resolve(outDir, `${screen.name}-${colorScheme}.png`)
      await page.screenshot({ path: file })
      process.stdout.write(`${file}\n`)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await server.close()
}
