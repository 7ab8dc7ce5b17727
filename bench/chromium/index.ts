/**
 * The Chromium benchmarks, in their own process (bench/run.ts starts it): prints the rows as one
 * JSON line.   tsx bench/chromium/index.ts [--quick]
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/harness/paths'
import { benchCache } from './cache'
import { benchLocationScreen } from './location-screen'
import { benchPicker } from './picker'
import { benchRankingsRender } from './rankings'
import { benchRankingsLatency } from './rankings-latency'
import { benchStart } from './start'

const quick = process.argv.includes('--quick')

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const rows = [
      ...(await benchCache(
        browser,
        quick
          ? { large: 2_000, writes: 5, restores: 1 }
          : { large: 20_000, writes: 20, restores: 5 }
      )),
      ...(await benchStart(browser, quick ? 1 : 5)),
      ...(await benchPicker(browser, quick)),
      ...(await benchLocationScreen(browser, quick ? 1 : 3)),
      ...(await benchRankingsRender(browser, quick ? 1 : 7)),
      ...(await benchRankingsLatency(
        browser,
        quick ? { locations: 30, runs: 1 } : { locations: 300, runs: 3 }
      ))
    ]
    process.stdout.write(`${JSON.stringify({ rows, chromium: browser.version() })}\n`)
  } finally {
    await browser.close()
  }
}

void main()
