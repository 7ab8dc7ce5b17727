/**
 * Observed-history write with 100,000 observations stored (issue 16): the time of one
 * `record()` (a changed value: append and write that figure's record) when the history holds
 * 1,000 figures × 100 observations, against the same write into an empty history, in the same
 * run. The store keeps one IndexedDB record per figure, so the ratio should stay near 1.
 * Runs in Node with fake-indexeddb (the store's logic and record sizes, not Chromium's disk).
 */
import 'fake-indexeddb/auto'
import {
  createIdbSeriesStorage,
  createObservationHistory
} from '../src/renderer/src/history/observation-history'
import type { ObservationHistory } from '../src/renderer/src/history/observation-history'
import type { BenchRow } from './lib/rows'
import { median } from './lib/stats'

const FIGURES = 1_000
const PER_FIGURE = 100

const identity = (index: number) => {
  const queryKey = ['market', 'residentialPrice', { location: `estate-${index}`, beds: '2' }]
  return {
    source: 'demo' as const,
    baseUrl: 'embedded-demo',
    queryHash: JSON.stringify(queryKey),
    queryKey
  }
}

async function filled(figures: number, perFigure: number): Promise<ObservationHistory> {
  const storage = createIdbSeriesStorage(`bench-history-${Math.random()}`)
  const observations = Array.from({ length: perFigure }, (_, at) => ({
    value: 1_000 + (at % 2),
    unit: 'NGN',
    firstSeenAt: at,
    lastSeenAt: at
  }))
  for (let index = 0; index < figures; index += 1) {
    const { queryKey, ...rest } = identity(index)
    await storage.put(`demo|embedded-demo|${rest.queryHash}`, { ...rest, queryKey, observations })
  }
  const history = createObservationHistory(storage)
  await history.all()
  return history
}

/** Milliseconds per write: `writes` changed values spread over the stored figures. */
async function writeTimes(history: ObservationHistory, writes: number, figures: number) {
  const times: number[] = []
  for (let write = 0; write < writes; write += 1) {
    const started = performance.now()
    await history.record(identity(write % Math.max(1, figures)), {
      value: 2_000 + write,
      unit: 'NGN',
      at: 1_000_000 + write
    })
    times.push(performance.now() - started)
  }
  return times
}

export async function benchHistoryLog(options: { writes: number }): Promise<BenchRow[]> {
  const empty = await filled(0, 0)
  const full = await filled(FIGURES, PER_FIGURE)
  const baseline = median(await writeTimes(empty, options.writes, 1))
  const ours = median(await writeTimes(full, options.writes, FIGURES))
  const stored = (await full.all()).reduce((sum, series) => sum + series.observations.length, 0)
  const ratio = ours / baseline
  return [
    {
      benchmark: 'history log write with 100,000 observations stored',
      measured: `median of ${options.writes} writes of a changed value into ${FIGURES.toLocaleString('en-US')} figures × ${PER_FIGURE} observations (${stored.toLocaleString('en-US')} stored after), baseline: the same writes into an empty history; Node + fake-indexeddb`,
      ours,
      unit: 'ms',
      baseline,
      ratio,
      target: 'ratio <= 3 (a write does not grow with the history)',
      met: ratio <= 3
    }
  ]
}
