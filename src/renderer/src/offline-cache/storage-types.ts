/** What one compaction did: loose records folded into packs, and how many packs it wrote. */
export interface CompactionReport {
  packed: number
  packs: number
}

/** One stored entry as a full read of the storage finds it. */
export interface StoredRecord {
  key: string
  /** What is stored: the text written, or (for a damaged record) whatever it holds. */
  value: unknown
  /** True when `value` is already the parsed JSON of the text written (a packed record). */
  parsed: boolean
  /** Characters of key and value text. */
  size: number
}

/** Key-value storage for the per-query persister: one entry per cached query. */
export interface CacheStorage {
  getItem(key: string): Promise<string | undefined>
  setItem(key: string, value: string): Promise<void>
  removeItem(key: string): Promise<void>
  /** Removes several entries at once (one transaction where the storage has them). */
  removeItems(keys: readonly string[]): Promise<void>
  /** Records whose key and value are text (what the persister reads). */
  entries(): Promise<Array<[string, string]>>
  /** Every record with a text key, whatever its value: a damaged one may not be text. */
  records(): Promise<StoredRecord[]>
  clear(): Promise<void>
  /** Folds recent writes into the storage's read-optimised form, where it has one. */
  compact?(): Promise<CompactionReport>
  /** Records written since the last compaction, where the storage compacts. */
  looseCount?(): Promise<number>
}
