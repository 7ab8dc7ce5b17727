import { useSyncExternalStore } from 'react'
import type { z } from 'zod'

/** A small observable value saved as JSON in localStorage (not secret: recents, stars, compare). */
export interface PersistentStore<T> {
  get(): T
  /** Applied only once written: a change the storage cannot keep is reported, not shown. */
  set(next: T | ((previous: T) => T)): void
  subscribe(listener: () => void): () => void
}

/** The longest JSON one store keeps: no store can fill localStorage (about 5 MB) on its own. */
export const MAX_STORED_CHARS = 256 * 1024

/** A change that was not applied: over MAX_STORED_CHARS, or refused by the storage (full). */
export interface StoreWriteFailure {
  key: string
  reason: 'too-large' | 'storage-refused'
}

export function createPersistentStore<T>(
  storage: Storage,
  key: string,
  fallback: T,
  schema: z.ZodType<T>,
  onWriteFailed: (failure: StoreWriteFailure) => void = () => undefined
): PersistentStore<T> {
  const read = (): T => {
    try {
      const raw = storage.getItem(key)
      if (raw == null) return fallback
      // Written before this bound: dropped, so that it frees the space it holds.
      if (raw.length > MAX_STORED_CHARS) {
        storage.removeItem(key)
        return fallback
      }
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : fallback
    } catch {
      return fallback
    }
  }
  const write = (next: T): StoreWriteFailure['reason'] | undefined => {
    const text = JSON.stringify(next)
    if (text.length > MAX_STORED_CHARS) return 'too-large'
    try {
      storage.setItem(key, text)
      return undefined
    } catch {
      return 'storage-refused'
    }
  }
  let value = read()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())

  return {
    get: () => value,
    set(next) {
      const candidate = typeof next === 'function' ? (next as (previous: T) => T)(value) : next
      const failure = write(candidate)
      if (failure) {
        onWriteFailed({ key, reason: failure })
        return
      }
      value = candidate
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}

export function useStoreValue<T>(store: PersistentStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
