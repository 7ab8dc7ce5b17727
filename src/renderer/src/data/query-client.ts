import { QueryCache, QueryClient } from '@tanstack/react-query'
import { appKeys, marketKeys } from './queries'

/** Market figures change slowly: a screen refetches what it shows once it is an hour old. */
const MARKET_STALE_MS = 60 * 60 * 1000

/** After market answers arrive (data or an error), the status bar's state is re-read once. */
const STATUS_REFRESH_DELAY_MS = 400

/**
 * One client for the app. networkMode 'always': queries go over IPC and main decides what
 * "offline" means. Nothing is retried by the renderer: not after a failure (retry: false), not when
 * a screen showing a failed lookup mounts again (retryOnMount: false), not when the network comes
 * back (refetchOnReconnect: false). Main's quota guard decides what reaches the service; the user
 * asks again with Retry.
 */
export function createAppQueryClient(): QueryClient {
  let statusRefresh: ReturnType<typeof setTimeout> | undefined
  const refreshStatus = (query: { queryKey: readonly unknown[] }) => {
    if (query.queryKey[0] !== marketKeys.all[0] || statusRefresh) return
    statusRefresh = setTimeout(() => {
      statusRefresh = undefined
      void client.invalidateQueries({ queryKey: appKeys.connectionStatus })
    }, STATUS_REFRESH_DELAY_MS)
  }
  const queryCache = new QueryCache({ onSettled: (_data, _error, query) => refreshStatus(query) })
  const client: QueryClient = new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: false,
        retryOnMount: false,
        refetchOnReconnect: false,
        refetchOnWindowFocus: false
      },
      mutations: { networkMode: 'always', retry: false }
    }
  })
  // Market queries stay in memory for the session (gcTime Infinity): the whole offline cache is
  // restored into the query cache at start, and every screen reads it from there.
  client.setQueryDefaults(marketKeys.all, { staleTime: MARKET_STALE_MS, gcTime: Infinity })
  return client
}
