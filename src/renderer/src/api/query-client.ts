import { QueryCache, QueryClient } from '@tanstack/react-query'
import type { QueryPersister } from '@tanstack/react-query'
import type { MarketCache } from './market-cache'
import { appKeys, MARKET_ROOT } from './query-keys'

/** After market data arrives, the status bar's "last successful request" is re-read once. */
const STATUS_REFRESH_DELAY_MS = 400

/**
 * One client for the app. Every query may restore from / write to the per-query persister, whose
 * filter keeps only market data (settings and key status are never written to disk).
 * networkMode 'always': queries go over IPC and main decides what "offline" means.
 */
export function createAppQueryClient(cache: MarketCache): QueryClient {
  // The persister is built by query-persist-client-core against its own copy of query-core; the
  // runtime objects are the same shape, only the nominal class types differ.
  const persister: QueryPersister = (queryFn, context, query) =>
    cache.persisterFn(queryFn as never, context as never, query as never)
  let statusRefresh: ReturnType<typeof setTimeout> | undefined
  const queryCache = new QueryCache({
    onSuccess: (_data, query) => {
      if (query.queryKey[0] !== MARKET_ROOT || statusRefresh) return
      statusRefresh = setTimeout(() => {
        statusRefresh = undefined
        void client.invalidateQueries({ queryKey: appKeys.connectionStatus })
      }, STATUS_REFRESH_DELAY_MS)
    }
  })
  const client: QueryClient = new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: false,
        refetchOnWindowFocus: false,
        persister
      },
      mutations: { networkMode: 'always', retry: false }
    }
  })
  return client
}
