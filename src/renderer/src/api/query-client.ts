import { QueryClient } from '@tanstack/react-query'
import type { QueryPersister } from '@tanstack/react-query'
import type { MarketCache } from './market-cache'

/**
 * One client for the app. Every query may restore from / write to the per-query persister, whose
 * filter keeps only market data (settings and key status are never written to disk).
 * networkMode 'always': queries go over IPC and main decides what "offline" means.
 */
export function createAppQueryClient(cache: MarketCache): QueryClient {
  // The persister is built by query-persist-client-core against its own copy of query-core; the
  // runtime objects are the same shape, only the nominal class types differ.
  const persister: QueryPersister = (queryFn, context, query) =>
    cache.persister.persisterFn(queryFn as never, context as never, query as never)
  return new QueryClient({
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
}
