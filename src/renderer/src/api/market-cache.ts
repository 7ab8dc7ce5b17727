import { hashKey } from '@tanstack/react-query'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import type { CacheStorage, StoredRecord } from './cache-store/storage-types'
import {
  decodeParsedRecord,
  decodeRecord,
  decodeRecordOrThrow,
  encodeRecord
} from './cache-store/cache-record'
import { MARKET_ROOT } from './query-keys'
import { createWriteTracker } from './cache-store/write-tracker'
import type { FlushOutcome } from './cache-store/write-tracker'

/** Cached market results are kept (and readable offline) for 30 days. */
export const CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Bump when the shape of cached data changes: old entries are then discarded. */
const CACHE_SCHEMA_VERSION = 1
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
  /** Our records from another app version or past their 30 days: safe to drop. */
  staleKeys: string[]
}

export interface CacheStats {
  entries: number
  bytes: number
}

type MarketPersister = ReturnType<typeof experimental_createQueryPersister<string>>

/** A query's `persister` option as the per-query persister defines it. */
type MarketPersisterFn = MarketPersister['persisterFn']

export interface MarketCache {
  buster: string
  storage: CacheStorage
  /** The per-query persister (restore, persist, remove). */
  persister: MarketPersister
  /**
   * The `persister` option for queries: restores a cached result, and when the restored result is
   * stale refreshes it in the background. A failed refresh lands in the query's error state (the
   * UI shows it next to the cached figures); it is never an unhandled rejection.
   */
  persisterFn: MarketPersisterFn
  listEntries(now?: number): Promise<CachedEntry[]>
  /** Like listEntries, and also names the damaged records so the user can be told. */
  scan(now?: number): Promise<CacheScan>
  /** Deletes records by storage key (e.g. the damaged ones a scan found). */
  removeEntries(storageKeys: readonly string[]): Promise<void>
  /** Drops stale records (other versions, past 30 days); damaged ones are kept for the user. */
  collectGarbage(now?: number): Promise<number>
  readQuery(queryKey: QueryKey, now?: number): Promise<CachedEntry | undefined>
  /** Writes one query of `client` (e.g. seeded from a batch) to its own entry. */
  persist(client: QueryClient, queryKey: QueryKey): Promise<void>
  stats(): Promise<CacheStats>
  clear(): Promise<void>
  /**
   * Writes every result already shown but not yet on disk, and waits for every write in flight
   * (before the window closes or reloads). Never rejects.
   */
  flush(): Promise<FlushOutcome>
  /** Writes in flight or about to start. */
  pendingWrites(): number
}

const DAMAGED = 'damaged'
const STALE = 'stale'
type ParsedEntry = CachedEntry | typeof DAMAGED | typeof STALE | undefined

function entryFrom(
  record: StoredRecord,
  query: PersistedQuery,
  buster: string,
  now: number
): CachedEntry | typeof STALE {
  const updatedAt = query.state.dataUpdatedAt
  if (query.buster !== buster || !updatedAt || now - updatedAt > CACHE_MAX_AGE_MS) return STALE
  return {
    storageKey: record.key,
    queryKey: query.queryKey,
    queryHash: query.queryHash,
    data: query.state.data,
    dataUpdatedAt: updatedAt,
    bytes: record.size
  }
}

const KEY_START = `${CACHE_KEY_PREFIX}-`

/** undefined: not ours; STALE: another app version's or too old; DAMAGED: unreadable. */
function parseEntry(record: StoredRecord, buster: string, now: number): ParsedEntry {
  if (!record.key.startsWith(KEY_START)) return undefined
  const hash = record.key.slice(KEY_START.length)
  const query = record.parsed
    ? decodeParsedRecord(record.value, hash)
    : decodeRecord(record.value, hash)
  if (!query) return DAMAGED
  return entryFrom(record, query, buster, now)
}

const isEntry = (parsed: ParsedEntry): parsed is CachedEntry => typeof parsed === 'object'

export function createMarketCache(backingStorage: CacheStorage, appVersion: string): MarketCache {
  const writes = createWriteTracker(backingStorage)
  const storage = writes.storage
  const buster = `${appVersion}+cache-v${CACHE_SCHEMA_VERSION}`
  const persister = experimental_createQueryPersister<string>({
    storage,
    buster,
    maxAge: CACHE_MAX_AGE_MS,
    prefix: CACHE_KEY_PREFIX,
    serialize: encodeRecord,
    deserialize: decodeRecordOrThrow,
    filters: { queryKey: [MARKET_ROOT] },
    // The library's own refetch after restore drops its promise: a failure (e.g. offline) became
    // an unhandled rejection. persisterFn below does the same refresh and handles the outcome.
    refetchOnRestore: false
  })

  const persisterFn: MarketPersisterFn = async (queryFn, context, query) => {
    let fetched = false
    const data = await persister.persisterFn(
      (ctx) => {
        fetched = true
        return queryFn(ctx)
      },
      context,
      query
    )
    // Fetched: the persister writes it a task later, once the data is in the query. Until then a
    // flush writes it itself.
    if (fetched && matchesMarket(query.queryKey)) {
      writes.expect(`${CACHE_KEY_PREFIX}-${query.queryHash}`, async () => {
        if (query.state.data !== undefined) await persister.persistQuery(query)
      })
    }
    // Restored: the persister sets the stored dataUpdatedAt in a macrotask scheduled before it
    // returned, so staleness can be judged in the next one.
    if (!fetched) {
      setTimeout(() => {
        if (query.isStale()) query.fetch().catch(() => undefined)
      }, 0)
    }
    return data
  }

  return {
    buster,
    storage,
    persister,
    persisterFn,
    async scan(now = Date.now()) {
      const scan: CacheScan = { entries: [], damagedKeys: [], staleKeys: [] }
      for (const record of await storage.records()) {
        const parsed = parseEntry(record, buster, now)
        if (isEntry(parsed)) scan.entries.push(parsed)
        else if (parsed === DAMAGED) scan.damagedKeys.push(record.key)
        else if (parsed === STALE) scan.staleKeys.push(record.key)
      }
      return scan
    },
    async listEntries(now = Date.now()) {
      return (await this.scan(now)).entries
    },
    async removeEntries(storageKeys) {
      if (storageKeys.length > 0) await storage.removeItems(storageKeys)
    },
    async collectGarbage(now = Date.now()) {
      const { staleKeys } = await this.scan(now)
      await this.removeEntries(staleKeys)
      return staleKeys.length
    },
    async readQuery(queryKey, now = Date.now()) {
      const storageKey = `${CACHE_KEY_PREFIX}-${hashKey(queryKey)}`
      const value = await storage.getItem(storageKey)
      const record = {
        key: storageKey,
        value,
        parsed: false,
        size: storageKey.length + (value?.length ?? 0)
      }
      const parsed = value === undefined ? undefined : parseEntry(record, buster, now)
      return isEntry(parsed) ? parsed : undefined
    },
    async persist(client, queryKey) {
      // By its hash, as getQueryState finds it: QueryCache.find compares the key with every query
      // cached, which a fetch of thousands of lookups pays once per lookup.
      const { queryHash } = client.defaultQueryOptions({ queryKey })
      const query = client.getQueryCache().get(queryHash)
      // Same runtime Query; only query-core's nominal class types differ between the two copies.
      if (query) await persister.persistQuery(query as never)
    },
    async stats() {
      const mine = (await storage.records()).filter(
        ({ key, value, parsed }) =>
          key.startsWith(KEY_START) && (parsed || typeof value === 'string')
      )
      return { entries: mine.length, bytes: mine.reduce((sum, { size }) => sum + size, 0) }
    },
    clear: () => storage.clear(),
    flush: () => writes.flush(),
    pendingWrites: () => writes.pending()
  }
}

/** The persister's filter: only market data is written to disk. */
function matchesMarket(queryKey: QueryKey): boolean {
  return queryKey[0] === MARKET_ROOT
}
