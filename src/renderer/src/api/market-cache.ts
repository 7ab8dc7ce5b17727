import { hashKey } from '@tanstack/react-query'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import type { CacheStorage } from './cache-storage'
import { decodeRecord, decodeRecordOrThrow, encodeRecord } from './cache-record'
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

/** What a read of the whole cache found: readable entries, and keys of damaged ones. */
export interface CacheScan {
  entries: CachedEntry[]
  /** Our records that cannot be read (not text, not JSON, or not a persisted query). */
  damagedKeys: string[]
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
  /** Like listEntries, and also names the damaged records so the user can be told. */
  scan(now?: number): Promise<CacheScan>
  /** Deletes records by storage key (e.g. the damaged ones a scan found). */
  removeEntries(storageKeys: readonly string[]): Promise<void>
  readQuery(queryKey: QueryKey, now?: number): Promise<CachedEntry | undefined>
  /** Writes one query of `client` (e.g. seeded from a batch) to its own entry. */
  persist(client: QueryClient, queryKey: QueryKey): Promise<void>
  stats(): Promise<CacheStats>
  clear(): Promise<void>
}

const DAMAGED = 'damaged'
const STALE = 'stale'
type ParsedEntry = CachedEntry | typeof DAMAGED | typeof STALE | undefined

function entryFrom(
  storageKey: string,
  value: string,
  query: PersistedQuery,
  buster: string,
  now: number
): CachedEntry | typeof STALE {
  const updatedAt = query.state.dataUpdatedAt
  if (query.buster !== buster || !updatedAt || now - updatedAt > CACHE_MAX_AGE_MS) return STALE
  return {
    storageKey,
    queryKey: query.queryKey,
    queryHash: query.queryHash,
    data: query.state.data,
    dataUpdatedAt: updatedAt,
    bytes: storageKey.length + value.length
  }
}

/** undefined: not ours; STALE: another app version's or too old; DAMAGED: unreadable. */
function parseEntry(storageKey: string, value: unknown, buster: string, now: number): ParsedEntry {
  if (!storageKey.startsWith(`${CACHE_KEY_PREFIX}-`)) return undefined
  const query = decodeRecord(value)
  if (!query || typeof value !== 'string') return DAMAGED
  return entryFrom(storageKey, value, query, buster, now)
}

const isEntry = (parsed: ParsedEntry): parsed is CachedEntry => typeof parsed === 'object'

export function createMarketCache(storage: CacheStorage, appVersion: string): MarketCache {
  const buster = `${appVersion}+cache-v${CACHE_SCHEMA_VERSION}`
  /** The slower scan that reads keys too: needed to name damaged records. */
  const scanWithKeys = async (now: number): Promise<CacheScan> => {
    const scan: CacheScan = { entries: [], damagedKeys: [] }
    for (const [key, value] of await storage.rawEntries()) {
      const parsed = parseEntry(key, value, buster, now)
      if (isEntry(parsed)) scan.entries.push(parsed)
      else if (parsed === DAMAGED) scan.damagedKeys.push(key)
    }
    return scan
  }
  const persister = experimental_createQueryPersister<string>({
    storage,
    buster,
    maxAge: CACHE_MAX_AGE_MS,
    prefix: CACHE_KEY_PREFIX,
    serialize: encodeRecord,
    deserialize: decodeRecordOrThrow,
    filters: { queryKey: [MARKET_ROOT] }
  })

  return {
    buster,
    storage,
    persister,
    async scan(now = Date.now()) {
      // Values only (each names its own key): reading 20,000 long keys as well costs a third more.
      const scan: CacheScan = { entries: [], damagedKeys: [] }
      for (const value of await storage.rawValues()) {
        const query = decodeRecord(value)
        if (!query || typeof value !== 'string') return scanWithKeys(now)
        const parsed = entryFrom(
          `${CACHE_KEY_PREFIX}-${query.queryHash}`,
          value,
          query,
          buster,
          now
        )
        if (isEntry(parsed)) scan.entries.push(parsed)
      }
      return scan
    },
    async listEntries(now = Date.now()) {
      return (await this.scan(now)).entries
    },
    async removeEntries(storageKeys) {
      for (const key of storageKeys) await storage.removeItem(key)
    },
    async readQuery(queryKey, now = Date.now()) {
      const storageKey = `${CACHE_KEY_PREFIX}-${hashKey(queryKey)}`
      const value = await storage.getItem(storageKey)
      const parsed = value === undefined ? undefined : parseEntry(storageKey, value, buster, now)
      return isEntry(parsed) ? parsed : undefined
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
