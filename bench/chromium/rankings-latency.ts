/**
 * The rankings screen's fetch over a 150 ms (± 20 ms) round trip, in Chromium: the built app with
 * the real core behind window.market, remote mode pointed at a delay proxy in front of the
 * embedded service with a synthetic dataset of at least `locations` residential locations. The
 * screen is opened with the confirm threshold at 1 (so nothing is fetched on its own), then
 * "Fetch N lookups" is clicked and timed until every row is answered. Baseline: the ideal,
 * ceil(requests the fetch sent / allowed concurrency) × RTT, with the requests counted at the proxy.
 */
import type { Browser, Page } from '@playwright/test'
import { bundlePageBridge } from '../../e2e/harness/global-setup'
import { RENDERER_DIR } from '../../e2e/harness/paths'
import { serveDirectory } from '../../e2e/harness/static-server'
import { DEFAULT_CONCURRENCY } from '../../src/main/connection/quota-guard'
import { loadDataset, startService } from '../../src/service'
import type { Dataset } from '../../src/service'
import { generateSyntheticDataset } from '../../src/service/data/generate'
import { JITTER_MS, RTT_MS, idealMs } from '../compare-latency'
import { startDelayProxy } from '../lib/delay-proxy'
import type { DelayProxy } from '../lib/delay-proxy'
import type { BenchRow } from '../lib/rows'
import { median } from '../lib/stats'
import { seedRankingsView, withRemotePage } from './remote-page'

const KEY = 'bench-rankings-latency-key'

/** The smallest synthetic dataset with at least `count` residential locations. */
function datasetWith(count: number): Dataset {
  for (let generator = Math.ceil(count / 0.85); ; generator += 5) {
    const dataset = loadDataset(generateSyntheticDataset(generator))
    if (dataset.residentialByKey.size >= count) return dataset
  }
}

/** Clicks "Fetch N lookups" and resolves with the ms until every row is answered. */
async function timeToAnswered(page: Page): Promise<number> {
  const started = performance.now()
  await page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="rankings-fetch"]')
    if (!button) throw new Error('no Fetch button on the rankings screen')
    button.click()
  })
  await page.waitForFunction(
    () => {
      const text = document.querySelector('[data-testid="rankings-summary"]')?.textContent ?? ''
      const match = /^([\d,]+) locations · ([\d,]+) answered$/.exec(text)
      return match !== null && match[1] === match[2]
    },
    undefined,
    { polling: 'raf', timeout: 300_000 }
  )
  return performance.now() - started
}

interface Fetch {
  ms: number
  requests: number
}

async function fetchOnce(browser: Browser, server: string, proxy: DelayProxy): Promise<Fetch> {
  const options = {
    baseUrl: proxy.origin,
    key: KEY
  }
  return withRemotePage(browser, options, async (page) => {
    await seedRankingsView(page, 1)
    await page.goto(`${server}#/rankings`)
    await page.getByTestId('rankings-fetch').waitFor({ timeout: 60_000 })
    const before = proxy.requests
    const ms = await timeToAnswered(page)
    return { ms, requests: proxy.requests - before }
  })
}

export async function benchRankingsLatency(
  browser: Browser,
  options: { locations: number; runs: number }
): Promise<BenchRow[]> {
  await bundlePageBridge()
  const dataset = datasetWith(options.locations)
  const locations = dataset.residentialByKey.size
  const service = await startService({ apiKey: KEY, dataset })
  const proxy = await startDelayProxy(service.baseUrl, RTT_MS, JITTER_MS)
  const server = await serveDirectory(RENDERER_DIR)
  const fetches: Fetch[] = []
  try {
    for (let run = 0; run < options.runs; run += 1) {
      fetches.push(await fetchOnce(browser, server.url, proxy))
    }
  } finally {
    await server.close()
    await proxy.close()
    await service.close()
  }
  const ratios = fetches.map((f) => f.ms / idealMs(f.requests))
  const requests = Math.max(...fetches.map((f) => f.requests))
  const ratio = median(ratios)
  return [
    {
      benchmark: `rankings ${locations} locations, cold, ${RTT_MS} ms RTT (Chromium)`,
      measured: `built app, real handlers, remote mode through a proxy holding each request ${RTT_MS} ± ${JITTER_MS} ms; residential, sale, 2 beds (4 lookups a row); click on "Fetch" → every row answered; ${requests} requests; median of ${options.runs} fresh contexts; baseline: ideal ceil(${requests} / ${DEFAULT_CONCURRENCY}) × ${RTT_MS} ms`,
      ours: median(fetches.map((f) => f.ms)),
      unit: 'ms',
      baseline: idealMs(requests),
      ratio,
      target: '<= 1.15x',
      met: ratio <= 1.15,
      detail: `runs ${fetches.map((f, i) => `${f.ms.toFixed(0)} ms/${f.requests} req (${(ratios[i] ?? 0).toFixed(3)}x)`).join(', ')}`
    }
  ]
}
