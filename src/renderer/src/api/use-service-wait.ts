import { hashKey } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { ActiveWait } from './service-waits'
import { useServiceWaits } from './services'

/** The latest wait of a lookup in flight for one of `queryKeys` (undefined: none waits). */
export function useServiceWait(queryKeys: readonly QueryKey[]): ActiveWait | undefined {
  const waits = useServiceWaits()
  const hashes = queryKeys.map((key) => hashKey(key)).join('\n')
  const snapshot = useCallback(() => waits.forQueries(hashes.split('\n')), [waits, hashes])
  return useSyncExternalStore(waits.subscribe, snapshot, snapshot)
}

/** The latest wait of any lookup in flight. */
export function useLatestServiceWait(): ActiveWait | undefined {
  const waits = useServiceWaits()
  return useSyncExternalStore(waits.subscribe, waits.latest, waits.latest)
}
