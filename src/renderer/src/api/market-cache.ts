import { hashKey } from '@tanstack/react-query'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import type { CacheStorage } from './cache-storage'
import { MARKET_ROOT } from './query-keys'

/** Cached market results are kept (and readable offline) for 30 days. */
export const CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Bump when the shape of cached data changes: old entries are then discarded. */
export const CACHE_SCHEMA_VERSION = 1
export const CACHE_KEY_PREFIX = 'market-query'

export interface CachedEntry {
  storageKey: string
  queryKey: QueryKey
  queryHash: string
  data: unknown
  dataUpdatedAt: number
  /** Approximate size on disk (characters of key and value). */
  bytes: number
}

export interface CacheStats {
  entries: number
  bytes: number
}

export type MarketPersister = ReturnType<typeof experimental_createQueryPersister<string>>

export interface MarketCache {
  buster: string
  storage: CacheStorage
  /** Per-query persister: pass `persister.persisterFn` to market queries. */
  persister: MarketPersister
  listEntries(now?: number): Promise<CachedEntry[]>
  readQuery(queryKey: QueryKey, now?: number): Promise<CachedEntry | undefined>
  /** Writes one query of `client` (e.g. seeded from a batch) to its own entry. */
  persist(client: QueryClient, queryKey: QueryKey): Promise<void>
  stats(): Promise<CacheStats>
  clear(): Promise<void>
}

function parseEntry(
  storageKey: string,
  value: string,
  buster: string,
  now: number
): CachedEntry | undefined {
  if (!storageKey.startsWith(`${CACHE_KEY_PREFIX}-`)) return undefined
  let parsed: PersistedQuery
  try {
    parsed = JSON.parse(value) as PersistedQuery
  } catch {
    return undefined
  }
  const updatedAt = parsed.state?.dataUpdatedAt
  if (parsed.buster !== buster || !updatedAt || now - updatedAt > CACHE_MAX_AGE_MS) return undefined
  if (!Array.isArray(parsed.queryKey) || parsed.state.data === undefined) return undefined
  return {
    storageKey,
    queryKey: parsed.queryKey,
    queryHash: parsed.queryHash,
    data: parsed.state.data,
    dataUpdatedAt: updatedAt,
    bytes: storageKey.length + value.length
  }
}

/** Only the data and its times are worth keeping: errors do not survive JSON anyway. */
function serializeQuery(query: PersistedQuery): string {
  return JSON.stringify({
    ...query,
    state: { ...query.state, error: null, fetchFailureReason: null, fetchMeta: null }
  })
}

export function createMarketCache(storage: CacheStorage, appVersion: string): MarketCache {
  const buster = `${appVersion}+cache-v${CACHE_SCHEMA_VERSION}`
  const persister = experimental_createQueryPersister<string>({
    storage,
    buster,
    maxAge: CACHE_MAX_AGE_MS,
    prefix: CACHE_KEY_PREFIX,
    serialize: serializeQuery,
    filters: { queryKey: [MARKET_ROOT] }
  })

  return {
    buster,
    storage,
    persister,
    async listEntries(now = Date.now()) {
      const all = await storage.entries()
      return all.flatMap(([key, value]) => parseEntry(key, value, buster, now) ?? [])
    },
    async readQuery(queryKey, now = Date.now()) {
      const storageKey = `${CACHE_KEY_PREFIX}-${hashKey(queryKey)}`
      const value = await storage.getItem(storageKey)
      return value === undefined ? undefined : parseEntry(storageKey, value, buster, now)
    },
    async persist(client, queryKey) {
      const query = client.getQueryCache().find({ queryKey, exact: true })
      // Same runtime Query; only query-core's nominal class types differ between the two copies.
      if (query) await persister.persistQuery(query as never)
    },
    async stats() {
      const all = await storage.entries()
      const mine = all.filter(([key]) => key.startsWith(`${CACHE_KEY_PREFIX}-`))
      return {
        entries: mine.length,
        bytes: mine.reduce((sum, [key, value]) => sum + key.length + value.length, 0)
      }
    },
    clear: () => storage.clear()
  }
}
