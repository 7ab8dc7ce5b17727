/**
 * Renders every screen of the built renderer (out/renderer) in Debian Chromium with a fake
 * window.market, in light and dark, at 1280×820. Usage:
 *   npx electron-vite build && npx tsx src/renderer/scripts/screenshots.ts [outDir] [--real]
 * --real: window.market is routed to the real handlers and embedded demo service (see real-market.ts).
 * --size=WxH: viewport (default 1280x820), e.g. --size=960x600 for the smallest supported window.
 */
import { build } from 'esbuild'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { serveDirectory } from '../../../e2e/harness/static-server'
import { installRealMarket } from './real-market'

/** With the real core, only seed the watchlist and comparison (names come from the dataset). */
const SEED_ONLY = `(() => {
  if (localStorage.getItem('me.seeded')) return
  const ref = (slug, name, city, country, countryCode) => ({ sector: 'residential', slug, name, city, country, countryCode })
  localStorage.setItem('me.compare', JSON.stringify([
    ref('lekki-phase-1', 'Lekki Phase 1', 'Lagos', 'Nigeria', 'NG'), ref('ikoyi', 'Ikoyi', 'Lagos', 'Nigeria', 'NG'),
    ref('maitama', 'Maitama', 'Abuja', 'Nigeria', 'NG'), ref('yaba', 'Yaba', 'Lagos', 'Nigeria', 'NG'),
    ref('gra-phase-2', 'GRA Phase 2', 'Port Harcourt', 'Nigeria', 'NG')]))
  localStorage.setItem('me.saved', JSON.stringify([ref('lekki-phase-1', 'Lekki Phase 1', 'Lagos', 'Nigeria', 'NG'), ref('east-legon', 'East Legon', 'Accra', 'Ghana', 'GH')]))
  localStorage.setItem('me.seeded', '1')
})()`

const real = process.argv.includes('--real')
const sizeArg = process.argv.find((arg) => arg.startsWith('--size='))?.slice('--size='.length)
const [width = 1280, height = 820] = (sizeArg ?? '1280x820').split('x').map(Number)
const outDir = resolve(
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '/tmp/market-shots'
)
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
  ...(real ? [] : [{ name: 'compare-mixed', hash: '#/compare', scenario: 'mixed' }]),
  { name: 'location-bottom', hash: '#/location/residential/NG/lekki-phase-1', act: 'scroll' },
  { name: 'saved', hash: '#/saved' },
  { name: 'settings', hash: '#/settings' },
  { name: 'settings-bottom', hash: '#/settings', act: 'scroll' }
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
      viewport: { width, height },
      colorScheme
    })
    const page = await context.newPage()
    const core = real ? await installRealMarket(context, page) : undefined
    await context.addInitScript({ content: real ? SEED_ONLY : harnessScript })
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
      if (screen.act === 'scroll') {
        await page.waitForTimeout(500)
        await page.locator('.app-main').evaluate((main) => main.scrollTo(0, main.scrollHeight))
      }
      await page.waitForTimeout(900)
      const file = resolve(outDir, `${screen.name}-${colorScheme}.png`)
      await page.screenshot({ path: file })
      process.stdout.write(`${file}\n`)
    }
    await context.close()
    await core?.dispose()
  }
} finally {
  await browser.close()
  await server.close()
}
