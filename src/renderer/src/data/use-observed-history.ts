import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent } from 'react'
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
  const record = useEffectEvent(() => recordShown(history, shown, settings.baseUrl))
  // What is shown changes when a figure or its fetched-at time does.
  const signature = shown
    .map(
      ({ queryKey, data }) => `${JSON.stringify(queryKey)}@${String(metaOf(data)?.['fetchedAt'])}`
    )
    .join('\n')
  useEffect(() => record(), [signature])
}

/** The service the app talks to now: only its series are shown next to its figures. */
export function currentServiceOf(settings: Pick<Settings, 'connectionMode' | 'baseUrl'>) {
  return settings.connectionMode === 'demo'
    ? { source: 'demo' as const, baseUrl: DEMO_BASE_URL }
    : { source: 'remote' as const, baseUrl: settings.baseUrl }
}
