/**
 * The Chromium benchmarks, in their own process (bench/run.ts starts it): prints the rows as one
 * JSON line.   tsx bench/chromium/index.ts [--quick] [--only=picker,location,compare,cache,start,rankings,heap]
 * (`--only` runs just the named groups, for measuring one change; needs `npx electron-vite build`).
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/harness/paths'
import { benchCache } from './cache'
import { benchCompareScreen } from './compare-screen'
import { benchHeap } from './heap'
import { benchLocationScreen } from './location-screen'
import { benchPicker } from './picker'
import { benchRankingsRender } from './rankings'
import { benchRankingsLatency } from './rankings-latency'
import { benchStart } from './start'

const quick = process.argv.includes('--quick')
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const runs = (group: string): boolean => only === undefined || only.includes(group)

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const rows = [
      ...(runs('cache')
        ? await benchCache(
            browser,
            quick
              ? { large: 2_000, writes: 5, restores: 1 }
              : { large: 20_000, writes: 20, restores: 5 }
          )
        : []),
      ...(runs('start') ? await benchStart(browser, quick ? 1 : 5) : []),
      ...(runs('picker') ? await benchPicker(browser, quick) : []),
      ...(runs('heap')
        ? await benchHeap(
            browser,
            quick ? { locations: 5_000, ranked: 100 } : { locations: 50_000, ranked: 1_000 }
          )
        : []),
      ...(runs('location') ? await benchLocationScreen(browser, quick ? 1 : 3) : []),
      ...(runs('compare')
        ? await benchCompareScreen(
            browser,
            quick ? { locations: 2, runs: 1 } : { locations: 12, runs: 3 }
          )
        : []),
      ...(runs('rankings') ? await benchRankingsRender(browser, quick ? 1 : 7) : []),
      ...(runs('rankings')
        ? await benchRankingsLatency(
            browser,
            quick ? { locations: 30, runs: 1 } : { locations: 300, runs: 3 }
          )
        : [])
    ]
    process.stdout.write(`${JSON.stringify({ rows, chromium: browser.version() })}\n`)
  } finally {
    await browser.close()
  }
}

void main()
