import { createContext, useContext, useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import type { Settings } from '@shared/settings'
import {
  createMemorySeriesStorage,
  createObservationHistory
} from './cache-store/observation-history'
import type { ObservationHistory } from './cache-store/observation-history'
import { DEMO_BASE_URL } from '../lib/observation-log'
import type { ObservationSeries } from '../lib/observation-log'

const fallbackHistory = createObservationHistory(createMemorySeriesStorage())
const HistoryContext = createContext<ObservationHistory>(fallbackHistory)

/** The observed history the screens read (an in-memory one when none is provided, as in tests). */
export function HistoryProvider(props: { history: ObservationHistory; children: ReactNode }) {
  return <HistoryContext.Provider value={props.history}>{props.children}</HistoryContext.Provider>
}

export const useObservationHistory = (): ObservationHistory => useContext(HistoryContext)

/** Every stored series, re-read after each change; undefined while loading. */
export function useObservedSeries(): ObservationSeries[] | undefined {
  const history = useObservationHistory()
  const [series, setSeries] = useState<ObservationSeries[] | undefined>(undefined)
  useEffect(() => {
    let live = true
    const read = () =>
      void history.all().then(
        (all) => live && setSeries(all),
        () => live && setSeries([])
      )
    read()
    const unsubscribe = history.subscribe(read)
    return () => {
      live = false
      unsubscribe()
    }
  }, [history])
  return series
}

/** The service the app talks to now: only its series are shown next to its figures. */
export function currentServiceOf(settings: Pick<Settings, 'connectionMode' | 'baseUrl'>) {
  return settings.connectionMode === 'demo'
    ? { source: 'demo' as const, baseUrl: DEMO_BASE_URL }
    : { source: 'remote' as const, baseUrl: settings.baseUrl }
}
