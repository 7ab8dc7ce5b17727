import { describe, expect, it } from 'vitest'
import type { LocationRef } from '../lib/location-ref'
import {
  addToCompare,
  createAppStores,
  DEFAULT_RANKINGS_VIEW,
  MAX_COMPARE,
  MAX_RECENT,
  pushRecent,
  toggleSaved
} from './app-stores'

const ref = (slug: string): LocationRef => ({
  sector: 'residential',
  slug,
  countryCode: 'NG',
  name: slug,
  city: 'Lagos',
  country: 'Nigeria'
})

describe('location lists', () => {
  it('keeps recent locations unique, newest first, at most MAX_RECENT', () => {
    let list: LocationRef[] = []
    for (let i = 0; i < 12; i++) list = pushRecent(list, ref(`l${i}`))
    list = pushRecent(list, ref('l5'))
    expect(list).toHaveLength(MAX_RECENT)
    expect(list[0]?.slug).toBe('l5')
    expect(list.filter((item) => item.slug === 'l5')).toHaveLength(1)
  })

  it('toggles saved locations', () => {
    const saved = toggleSaved([], ref('a'))
    expect(saved.map((item) => item.slug)).toEqual(['a'])
    expect(toggleSaved(saved, ref('a'))).toEqual([])
  })

  it('holds at most MAX_COMPARE distinct locations', () => {
    let list: LocationRef[] = []
    for (let i = 0; i < 20; i++) list = addToCompare(list, ref(`c${i % 15}`))
    expect(list).toHaveLength(MAX_COMPARE)
  })
})

describe('persistent stores', () => {
  it('survive a reload and ignore corrupt values', () => {
    const first = createAppStores(window.localStorage)
    first.saved.set([ref('kept')])
    window.localStorage.setItem('me.compare', '{not json')
    const reloaded = createAppStores(window.localStorage)
    expect(reloaded.saved.get().map((item) => item.slug)).toEqual(['kept'])
    expect(reloaded.compare.get()).toEqual([])
  })
})

describe('display currency and rankings stores', () => {
  it('keep valid values across a reload and fall back on invalid ones', () => {
    const first = createAppStores(window.localStorage)
    const rate = { from: 'NGN', to: 'USD', rate: 0.0006, asOf: '2026-11-01' }
    first.displayCurrency.set({ currency: 'USD', rates: [rate] })
    first.rankingsView.set((view) => ({ ...view, beds: '2', confirmAbove: 50 }))
    const reloaded = createAppStores(window.localStorage)
    expect(reloaded.displayCurrency.get()).toEqual({ currency: 'USD', rates: [rate] })
    expect(reloaded.rankingsView.get()).toMatchObject({ beds: '2', confirmAbove: 50 })

    window.localStorage.setItem(
      'me.displayCurrency',
      JSON.stringify({ currency: 'USD', rates: [{ ...rate, rate: 'lots' }] })
    )
    window.localStorage.setItem(
      'me.rankingsView',
      JSON.stringify({ ...DEFAULT_RANKINGS_VIEW, confirmAbove: -3 })
    )
    const damaged = createAppStores(window.localStorage)
    expect(damaged.displayCurrency.get()).toEqual({ currency: null, rates: [] })
    expect(damaged.rankingsView.get()).toEqual(DEFAULT_RANKINGS_VIEW)
  })
})
