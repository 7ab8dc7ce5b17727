import { useSyncExternalStore } from 'react'

/** A small observable value saved as JSON in localStorage (not secret: recents, stars, compare). */
export interface PersistentStore<T> {
  get(): T
  set(next: T | ((previous: T) => T)): void
  subscribe(listener: () => void): () => void
}

export function createPersistentStore<T>(
  storage: Storage | undefined,
  key: string,
  fallback: T,
  isValid: (value: unknown) => value is T
): PersistentStore<T> {
  const read = (): T => {
    try {
      const raw = storage?.getItem(key)
      if (raw == null) return fallback
      const parsed: unknown = JSON.parse(raw)
      return isValid(parsed) ? parsed : fallback
    } catch {
      return fallback
    }
  }
  let value = read()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())

  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (previous: T) => T)(value) : next
      try {
        storage?.setItem(key, JSON.stringify(value))
      } catch {
        // Quota or privacy mode: keep the in-memory value for this session.
      }
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
