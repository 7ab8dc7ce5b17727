/**
 * The observed history: one IndexedDB record per figure (its series), all held in memory
 * once loaded, so a write is one small record however many observations are stored. Separate from
 * the query cache: clearing the cache may keep it.
 */
import { clear, createStore, entries, set } from 'idb-keyval'
import type { UseStore } from 'idb-keyval'
import { MAX_SERIES, parseSeries, recordSighting, seriesId } from './observation-log'
import type { ObservationSeries, RecordOutcome, SeriesIdentity, Sighting } from './observation-log'
import { createFlushTracker } from '../lib/flush-tracker'

/** Where the series are kept: IndexedDB in the app, a Map in tests. */
export interface SeriesStorage {
  load(): Promise<Array<[string, unknown]>>
  put(id: string, series: ObservationSeries): Promise<void>
  clear(): Promise<void>
}

export function createIdbSeriesStorage(dbName = 'market-explorer-history'): SeriesStorage {
  let store: UseStore | undefined
  const db = () => (store ??= createStore(dbName, 'series'))
  return {
    load: () => entries<string, unknown>(db()),
    put: (id, series) => set(id, series, db()),
    clear: () => clear(db())
  }
}

interface HistoryOptions {
  maxSeries?: number
  /** Called after every change (the screens re-read). */
  onChange?: () => void
}

export function createObservationHistory(storage: SeriesStorage, options: HistoryOptions = {}) {
  let loaded: Promise<Map<string, ObservationSeries>> | undefined
  // Writes run one after another, so two answers for one figure never race.
  let queue: Promise<unknown> = Promise.resolve()
  const writes = createFlushTracker()
  const notify = () => options.onChange?.()

  const load = () =>
    (loaded ??= storage.load().then((records) => {
      const map = new Map<string, ObservationSeries>()
      for (const [id, value] of records) {
        const series = parseSeries(value)
        if (series && seriesId(series) === id) map.set(id, series)
      }
      return map
    }))

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return writes.track(run)
  }

  const maxSeries = options.maxSeries ?? MAX_SERIES
  return {
    /** The most figures it keeps: at the bound, new figures are not recorded. */
    maxSeries,
    /** Waits for the writes already queued (before the window closes: nothing lost on quit). */
    flush: () => writes.flush(),
    record: (identity: SeriesIdentity & { queryKey: readonly unknown[] }, sighting: Sighting) =>
      serial(async (): Promise<RecordOutcome> => {
        const map = await load()
        const id = seriesId(identity)
        const current = map.get(id)
        if (!current && map.size >= maxSeries) return 'full'
        const { observations, droppedAt, outcome } = recordSighting(
          current ?? { observations: [] },
          sighting
        )
        if (outcome === 'ignored') return outcome
        const series: ObservationSeries = { ...identity, observations, droppedAt }
        map.set(id, series)
        await storage.put(id, series)
        notify()
        return outcome
      }),
    /** Every stored series (loads them on first use). */
    all: async () => [...(await load()).values()],
    clear: () =>
      serial(async () => {
        await storage.clear()
        loaded = Promise.resolve(new Map())
        notify()
      })
  }
}
export type ObservationHistory = ReturnType<typeof createObservationHistory>
