/**
 * IndexedDB storage for the query cache that stays fast to read when it holds tens of thousands
 * of results. Chromium pays a fixed cost per IndexedDB record, so reading 20,000 one-query records
 * is slow (bench/results.json, "restore 20,000 cached results"). Here a write is still one small
 * record (a "loose" record, so writing never slows as the cache grows); in the background, loose
 * records are folded into a fixed number of packs (each holds the queries whose key hashes to it),
 * and a full read is then a few dozen records.
 *
 * A pack is one JSON text holding its records already as JSON (not as strings within JSON), so
 * reading the whole cache is one parse per pack. A loose record always wins over the packed copy
 * of the same key. A pack that cannot be read is listed under its own key (so the library can
 * report it and the user remove it) and is never written over. Loose records that are not JSON
 * text stay loose, where the library reports them as damaged.
 */
import { createStore, promisifyRequest } from 'idb-keyval'
import type { UseStore } from 'idb-keyval'
import type { StoredRecord } from './storage-types'
import { parseJson } from './cache-record'

export const PACK_PREFIX = 'market-query-pack-'
/** Packs in all: about 600 results each at 20,000. */
const PACK_COUNT = 32
/** Loose records that make a compaction worth its cost (see bench/results.json for their read). */
const COMPACT_AFTER = 200
const COMPACT_DELAY_MS = 1_000

interface Pack {
  keys: string[]
  /** Characters of each record's text as it was written. */
  sizes: number[]
  records: unknown[]
}

interface PackedStorageOptions {
  packCount?: number
  compactAfter?: number
  /** Compact on its own: after a full read and after `compactAfter` writes (that many loose). */
  autoCompact?: boolean
  /** Wait after the read or write that makes a compaction due (default 1 s). */
  compactDelayMs?: number
}

/** FNV-1a: a stable spread of keys over the packs. */
export function bucketOf(key: string, packCount: number): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % packCount
}

/** The pack stored under a pack key, or undefined when it cannot be read. */
function openPack(stored: unknown): Pack | undefined {
  const pack = parseJson(stored)?.value
  if (typeof pack !== 'object' || pack === null) return undefined
  const { keys, sizes, records } = pack as Partial<Pack>
  const valid =
    Array.isArray(keys) &&
    Array.isArray(sizes) &&
    Array.isArray(records) &&
    keys.length === sizes.length &&
    keys.length === records.length &&
    keys.every((key) => typeof key === 'string') &&
    sizes.every((size) => typeof size === 'number')
  return valid ? (pack as Pack) : undefined
}

/** Every key and every value of the store, in the same order. */
const readAll = (objects: IDBObjectStore) =>
  Promise.all([promisifyRequest(objects.getAllKeys()), promisifyRequest(objects.getAll())])

/**
 * The app's cache storage: IndexedDB, one record per write, packed in the background; `compact`
 * folds the records written since the last compaction into their packs.
 */
export function createPackedIdbStorage(
  dbName = 'market-explorer-cache',
  storeName = 'queries',
  options: PackedStorageOptions = {}
) {
  const store: UseStore = createStore(dbName, storeName)
  const packCount = options.packCount ?? PACK_COUNT
  const compactAfter = options.compactAfter ?? COMPACT_AFTER
  const autoCompact = options.autoCompact ?? true
  const compactDelayMs = options.compactDelayMs ?? COMPACT_DELAY_MS
  const packKeyOf = (key: string): string => `${PACK_PREFIX}${bucketOf(key, packCount)}`
  const isPackKey = (key: IDBValidKey): key is string =>
    typeof key === 'string' && key.startsWith(PACK_PREFIX)

  let writesSinceCompaction = 0
  let pending: ReturnType<typeof setTimeout> | undefined
  const scheduleCompaction = (): void => {
    pending ??= setTimeout(() => {
      pending = undefined
      // A failed compaction changes nothing (its transaction is rolled back): try again later.
      compact().catch(() => undefined)
    }, compactDelayMs)
  }

  /** Every record, packs opened; loose records win over packed copies of the same key. */
  async function readRecords(): Promise<StoredRecord[]> {
    const [keys, values] = await store('readonly', readAll)
    const loose = new Set<string>()
    for (const key of keys) if (typeof key === 'string' && !isPackKey(key)) loose.add(key)
    // Loose records left by earlier sessions (each wrote fewer than `compactAfter`) are packed too.
    if (autoCompact && loose.size >= compactAfter) scheduleCompaction()
    const result: StoredRecord[] = []
    keys.forEach((key, index) => {
      if (typeof key !== 'string') return
      const value: unknown = values[index]
      const pack = isPackKey(key) ? openPack(value) : undefined
      if (!pack) {
        const size = key.length + (typeof value === 'string' ? value.length : 0)
        result.push({ key, value, parsed: false, size })
        return
      }
      pack.keys.forEach((packed, at) => {
        if (loose.has(packed)) return
        const size = packed.length + (pack.sizes[at] ?? 0)
        result.push({ key: packed, value: pack.records[at], parsed: true, size })
      })
    })
    return result
  }

  /** Drops `keys` from the loose records and from their packs, in one transaction. */
  function removeKeys(keys: readonly string[]): Promise<void> {
    return store('readwrite', async (objects) => {
      const byPack = new Map<string, Set<string>>()
      for (const key of keys) {
        objects.delete(key)
        if (isPackKey(key)) continue
        const packKey = packKeyOf(key)
        byPack.set(packKey, (byPack.get(packKey) ?? new Set()).add(key))
      }
      for (const [packKey, gone] of byPack) {
        const pack = openPack(await promisifyRequest(objects.get(packKey)))
        if (!pack || !pack.keys.some((key) => gone.has(key))) continue
        const stays = (_: unknown, at: number) => !gone.has(pack.keys[at] ?? '')
        const kept: Pack = {
          keys: pack.keys.filter(stays),
          sizes: pack.sizes.filter(stays),
          records: pack.records.filter(stays)
        }
        if (kept.keys.length === 0) objects.delete(packKey)
        else objects.put(JSON.stringify(kept), packKey)
      }
      await promisifyRequest(objects.transaction)
    })
  }

  /** Folds every loose JSON record into its pack, in one transaction (all or nothing). */
  function compact(): Promise<{ packed: number; packs: number }> {
    return store('readwrite', async (objects) => {
      const [keys, values] = await readAll(objects)
      const packs = new Map<string, unknown>()
      const looseByPack = new Map<string, Array<{ key: string; text: string; json: unknown }>>()
      keys.forEach((key, index) => {
        const value: unknown = values[index]
        if (isPackKey(key)) {
          packs.set(key, value)
          return
        }
        // Anything that is not JSON text stays loose, where the library can name it as damaged.
        const json = parseJson(value)
        if (typeof key !== 'string' || typeof value !== 'string' || !json) return
        const packKey = packKeyOf(key)
        const record = { key, text: value, json: json.value }
        const group = looseByPack.get(packKey)
        if (group) group.push(record)
        else looseByPack.set(packKey, [record])
      })
      let packed = 0
      for (const [packKey, loose] of looseByPack) {
        const stored = packs.get(packKey)
        const pack = stored === undefined ? { keys: [], sizes: [], records: [] } : openPack(stored)
        if (!pack) continue
        const positions = new Map(pack.keys.map((key, at) => [key, at]))
        for (const { key, text, json } of loose) {
          const at = positions.get(key) ?? pack.keys.length
          positions.set(key, at)
          pack.keys[at] = key
          pack.sizes[at] = text.length
          pack.records[at] = json
          objects.delete(key)
          packed += 1
        }
        objects.put(JSON.stringify(pack), packKey)
      }
      await promisifyRequest(objects.transaction)
      return { packed, packs: looseByPack.size }
    })
  }

  return {
    setItem: async (key: string, value: string) => {
      await store('readwrite', (objects) => {
        objects.put(value, key)
        return promisifyRequest(objects.transaction)
      })
      writesSinceCompaction += 1
      if (autoCompact && writesSinceCompaction >= compactAfter) {
        writesSinceCompaction = 0
        scheduleCompaction()
      }
    },
    removeItems: removeKeys,
    records: readRecords,
    clear: () =>
      store('readwrite', (objects) => {
        objects.clear()
        return promisifyRequest(objects.transaction)
      }),
    compact
  }
}
