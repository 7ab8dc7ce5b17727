/** Bundles the page bridge once per run; the renderer itself is built by `npm run test:e2e`. */
import { existsSync, rmSync } from 'node:fs'
import { build } from 'esbuild'
import { describeChoice } from './browser'
import { BROWSER, PAGE_BRIDGE_BUNDLE, RENDERER_DIR } from './paths'
import { SWEEP_DIR } from './secret-sweep'

export default async function globalSetup(): Promise<void> {
  if (!BROWSER.found) throw new Error(describeChoice(BROWSER))
  console.log(describeChoice(BROWSER))
  if (!existsSync(`${RENDERER_DIR}/index.html`)) {
    throw new Error(
      'out/renderer is missing: run `npx electron-vite build` first (npm run test:e2e does).'
    )
  }
  rmSync(SWEEP_DIR, { recursive: true, force: true })
  await bundlePageBridge()
}

/** The page's window.market: the preload's bridge over a Playwright binding (see page-bridge.ts). */
export async function bundlePageBridge(): Promise<void> {
  await build({
    entryPoints: ['e2e/harness/page-bridge.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    outfile: PAGE_BRIDGE_BUNDLE,
    logLevel: 'warning'
  })
}
