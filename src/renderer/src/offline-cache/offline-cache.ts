/**
 * The offline cache is the persisted query cache. At start every cached lookup is restored into
 * the query cache (before the screens render, as `hydrate` would), so whatever one screen showed,
 * every screen has offline; each answer to a market query is then written to its own record as it
 * lands. Entries past their 30 days are restored too: the screens mark them expired, with the date.
 * (The library's persister is not used: its restore deletes expired and unreadable records, which
 * the user is shown here, and parses again what the packed storage has already parsed.)
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import { LOOKUP_ROOT } from '@shared/figures/identity'
import { isRecord } from '@shared/validation'
import { decodeRecord, encodeRecord, isNoDataAnswer } from './cache-record'
import type { NoDataAnswer, QueryError } from './cache-record'
import type { CacheStorage, StoredRecord } from './storage-types'
import { createFlushTracker } from '../lib/flush-tracker'

/** Bump when the shape of cached data changes: old entries are then discarded. */
const CACHE_SCHEMA_VERSION = 1
export const CACHE_KEY_PREFIX = 'market-query'
const KEY_START = `${CACHE_KEY_PREFIX}-`

/** Where the answer of the query `queryHash` is stored. */
export const storageKeyOf = (queryHash: string): string => `${KEY_START}${queryHash}`

/** undefined: not ours. A record whose data is not a market result is damaged. */
function parseRecord(record: StoredRecord): PersistedQuery | 'damaged' | undefined {
  if (!record.key.startsWith(KEY_START)) return undefined
  const knownHash = record.key.slice(KEY_START.length)
  const query = decodeRecord(record.value, { parsed: record.parsed, knownHash })
  if (query && isNoDataAnswer(query.state.error)) return query
  const data: unknown = query?.state.data
  if (!query || !isRecord(data) || !isRecord(data['meta'])) return 'damaged'
  return query
}

const isMarketKey = (queryKey: readonly unknown[]): boolean => queryKey[0] === LOOKUP_ROOT

export function createOfflineCache(backing: CacheStorage, appVersion: string) {
  const writes = createFlushTracker()
  const storage: CacheStorage = {
    ...backing,
    setItem: (key, value) => writes.track(backing.setItem(key, value)),
    removeItems: (keys) => writes.track(backing.removeItems(keys)),
    clear: () => writes.track(backing.clear())
  }
  const buster = `${appVersion}+cache-v${CACHE_SCHEMA_VERSION}`
  let damaged: string[] = []

  return {
    /**
     * Every cached lookup into `client`'s query cache (expired ones too); a kept "no data" answer
     * comes back as that query's error, made by `noDataError`. Reports what else it found: our
     * records that cannot be read (kept until the user has seen the library's notice) and records
     * of another app version or cache schema (safe to drop).
     */
    async restore(client: QueryClient, noDataError: (answer: NoDataAnswer) => QueryError) {
      const report = { restored: 0, damagedKeys: [] as string[], outdatedKeys: [] as string[] }
      const queryCache = client.getQueryCache()
      // What `hydrate` does, with the options every market query shares worked out once: at
      // 20,000 entries, merging them again for each is a good part of the restore.
      const options = client.defaultQueryOptions({ queryKey: [LOOKUP_ROOT] as QueryKey })
      for (const record of await storage.records()) {
        const parsed = parseRecord(record)
        if (parsed === 'damaged') report.damagedKeys.push(record.key)
        else if (parsed?.buster !== buster) {
          if (parsed) report.outdatedKeys.push(record.key)
        } else if (isMarketKey(parsed.queryKey)) {
          const { queryKey, queryHash, state } = parsed
          // The state is this read's own: a kept "no data" answer becomes the query's error in place.
          state.error = isNoDataAnswer(state.error) ? noDataError(state.error) : null
          queryCache.build(client, { ...options, queryKey, queryHash }, state)
          report.restored += 1
        }
      }
      damaged = report.damagedKeys
      return report
    },
    /**
     * Writes each answer of a market query of `client` from now on: its figure, or that the
     * service has no data for it (NOT_FOUND, with no figure known). Returns how to stop.
     */
    persistAnswers(client: QueryClient) {
      return client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || !isMarketKey(event.query.queryKey)) return
        const { action, query } = event
        const { state } = query
        const keep = (at: number, answer: Parameters<typeof encodeRecord>[3]) =>
          storage
            .setItem(
              storageKeyOf(query.queryHash),
              encodeRecord(buster, query.queryKey, at, answer)
            )
            .catch(() => undefined)
        // Data set by hand (a restore, a test) is not a fetched answer.
        if (action.type === 'success' && !action.manual) {
          void keep(state.dataUpdatedAt, { data: state.data })
        } else if (action.type === 'error' && state.data === undefined) {
          if (isNoDataAnswer(state.error)) void keep(state.errorUpdatedAt, { noData: state.error })
        }
      })
    },
    /** The damaged records the restore found and the user has not removed. */
    damagedKeys: (): readonly string[] => damaged,
    /** Deletes records by storage key (e.g. the damaged ones). */
    async removeEntries(storageKeys: readonly string[]) {
      if (storageKeys.length === 0) return
      await storage.removeItems(storageKeys)
      const gone = new Set(storageKeys)
      damaged = damaged.filter((key) => !gone.has(key))
    },
    async stats() {
      const mine = (await storage.records()).filter(
        ({ key, value, parsed }) =>
          key.startsWith(KEY_START) && (parsed || typeof value === 'string')
      )
      return {
        entries: mine.length,
        bytes: mine.reduce((sum, { size }) => sum + size, 0),
        /** Each stored answer's size, by query hash. */
        sizes: new Map(mine.map(({ key, size }) => [key.slice(KEY_START.length), size]))
      }
    },
    async clear() {
      await storage.clear()
      damaged = []
    },
    /** Waits for every write in flight (before the window closes or reloads). Never rejects. */
    flush: () => writes.flush()
  }
}
export type OfflineCache = ReturnType<typeof createOfflineCache>
