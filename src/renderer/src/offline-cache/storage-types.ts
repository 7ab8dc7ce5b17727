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

/** Key-value storage of the offline cache: one entry per cached query. */
export interface CacheStorage {
  setItem(key: string, value: string): Promise<void>
  /** Removes entries (one transaction where the storage has them). */
  removeItems(keys: readonly string[]): Promise<void>
  /** Every record with a text key, whatever its value: a damaged one may not be text. */
  records(): Promise<StoredRecord[]>
  clear(): Promise<void>
}
