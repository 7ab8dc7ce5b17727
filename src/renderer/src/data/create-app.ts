import type { MarketApi } from '@shared/operations'
import { createObservationHistory } from '../history/observation-history'
import type { SeriesStorage } from '../history/observation-history'
import { createOfflineCache } from '../offline-cache/offline-cache'
import type { CacheStorage } from '../offline-cache/storage-types'
import { createAppStores } from '../stores/app-stores'
import type { AppDeps } from './app-deps'
import { MarketQueryError } from './market-result'
import { appKeys } from './queries'
import { createAppQueryClient } from './query-client'
import { followServiceState } from './use-service-state'

/** How long the first screen waits for the offline cache at most (20,000 entries take 0.2 s). */
const MAX_RESTORE_WAIT_MS = 5_000

interface AppParts {
  market: MarketApi
  cacheStorage: CacheStorage
  seriesStorage: SeriesStorage
  localStorage: Storage
  appVersion: string
}

/** The app's data parts, wired: market answers written, main's state and the history followed. */
export function createApp(parts: AppParts) {
  const queryClient = createAppQueryClient()
  const cache = createOfflineCache(parts.cacheStorage, parts.appVersion)
  const stopPersisting = cache.persistAnswers(queryClient)
  const stopFollowing = followServiceState(parts.market, queryClient)
  return {
    deps: {
      market: parts.market,
      cache,
      history: createObservationHistory(parts.seriesStorage, {
        onChange: () => void queryClient.invalidateQueries({ queryKey: appKeys.observedHistory })
      }),
      stores: createAppStores(parts.localStorage)
    } satisfies AppDeps,
    queryClient,
    /** Restores the offline cache into the query cache: done before the first screen renders. */
    async restore() {
      // An unreadable cache restores nothing, and a storage that does not answer is not waited
      // for long: the screens then fetch what they show.
      const report = await Promise.race([
        cache.restore(queryClient, (answer) => new MarketQueryError(answer)).catch(() => undefined),
        new Promise<undefined>((resolve) => setTimeout(resolve, MAX_RESTORE_WAIT_MS))
      ])
      // Records of another app version are dropped (one transaction, after the screens start).
      if (report) void cache.removeEntries(report.outdatedKeys).catch(() => undefined)
    },
    /** Stops writing answers to the offline cache and following main's service state. */
    dispose() {
      stopPersisting()
      stopFollowing()
    }
  }
}
