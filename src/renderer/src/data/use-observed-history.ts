import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef } from 'react'
import type { Settings } from '@shared/settings'
import { DEMO_BASE_URL } from '../history/observation-log'
import type { ObservationSeries } from '../history/observation-log'
import { metaOf, recordShown } from '../history/sightings'
import type { ShownFigure } from '../history/sightings'
import { useHistory } from './app-deps'
import { appKeys } from './queries'

/** Every stored series (see createApp: re-read after each change); undefined while loading. */
export function useObservedSeries(): ObservationSeries[] | undefined {
  const history = useHistory()
  return useQuery({
    queryKey: appKeys.observedHistory,
    queryFn: () => history.all().catch(() => []),
    staleTime: Infinity
  }).data
}

/**
 * Records into the observed history the figures a location or compare screen shows, whenever
 * what it shows changes (rankings record nothing: a fetch of thousands never crowds them out).
 */
export function useRecordSightings(shown: readonly ShownFigure[], settings: Settings): void {
  const history = useHistory()
  // What is shown changes when a figure or its fetched-at time does.
  const lines = shown.map(
    ({ queryKey, data }) => `${JSON.stringify(queryKey)}@${String(metaOf(data)?.['fetchedAt'])}`
  )
  const signature = lines.join('\n')
  const recorded = useRef(new Set<string>())
  // Only what changed since the last record: figures land one by one on a screen of dozens.
  const record = useEffectEvent(() => {
    const changed = shown.filter((_, at) => !recorded.current.has(lines[at] ?? ''))
    recordShown(history, changed, settings.baseUrl)
    recorded.current = new Set(lines)
  })
  useEffect(() => record(), [signature])
}

/** The service the app talks to now: only its series are shown next to its figures. */
export function currentServiceOf(settings: Pick<Settings, 'connectionMode' | 'baseUrl'>) {
  return settings.connectionMode === 'demo'
    ? { source: 'demo' as const, baseUrl: DEMO_BASE_URL }
    : { source: 'remote' as const, baseUrl: settings.baseUrl }
}
