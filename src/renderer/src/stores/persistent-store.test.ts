import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { LocationRef } from '../lib/location-ref'
import { addToCompare, createAppStores, pushRecent } from './app-stores'
import { createPersistentStore } from './persistent-store'

const ref = (slug: string, name = slug): LocationRef => ({
  sector: 'residential',
  slug,
  countryCode: 'NG',
  name,
  city: 'Lagos',
  country: 'Nigeria'
})
const stored = (key: string): unknown => JSON.parse(window.localStorage.getItem(key) ?? 'null')

describe('a write that cannot be kept', () => {
  it('a 5.2-million-character name is not stored, and later changes still are', () => {
    const stores = createAppStores(window.localStorage)
    const failures: unknown[] = []
    stores.onWriteFailed((failure) => failures.push(failure))
    stores.recent.set((list) => pushRecent(list, ref('ikoyi')))
    stores.recent.set((list) => pushRecent(list, ref('lekki', 'L'.repeat(5_200_000))))
    // What shows is what is on disk: the previous list, in both.
    expect(stores.recent.get().map((item) => item.slug)).toEqual(['ikoyi'])
    expect(stored('me.recent')).toEqual([ref('ikoyi')])
    expect(failures).toEqual([{ key: 'me.recent', reason: 'too-large' }])

    stores.compare.set((list) => addToCompare(list, ref('yaba')))
    stores.saved.set([ref('maitama')])
    expect(stored('me.compare')).toEqual([ref('yaba')])
    expect(stored('me.saved')).toEqual([ref('maitama')])
    expect(failures).toHaveLength(1)
  })

  it('a write the storage refuses (quota) keeps the previous value and is reported', () => {
    const failures: unknown[] = []
    const store = createPersistentStore(
      window.localStorage,
      'me.test',
      ['a'],
      z.array(z.string()),
      (failure) => failures.push(failure)
    )
    store.set(['a', 'b'])
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    const listener = vi.fn()
    store.subscribe(listener)
    try {
      store.set((list) => [...list, 'c'])
    } finally {
      setItem.mockRestore()
    }
    expect(store.get()).toEqual(['a', 'b'])
    expect(stored('me.test')).toEqual(['a', 'b'])
    expect(listener).not.toHaveBeenCalled()
    expect(failures).toEqual([{ key: 'me.test', reason: 'storage-refused' }])
  })

  it('an entry an older version stored over the bound is dropped on read, freeing the space', () => {
    window.localStorage.setItem('me.recent', JSON.stringify([ref('lekki', 'L'.repeat(2_000_000))]))
    const stores = createAppStores(window.localStorage)
    expect(stores.recent.get()).toEqual([])
    expect(window.localStorage.getItem('me.recent')).toBeNull()
  })
})
