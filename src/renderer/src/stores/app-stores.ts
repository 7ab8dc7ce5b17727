import type { TransactionType } from '@shared/spec'
import { isDisplayCurrencyPrefs, NO_DISPLAY_CURRENCY } from '../lib/currency-conversion'
import type { DisplayCurrencyPrefs } from '../lib/currency-conversion'
import { locationKey } from '../lib/location-ref'
import type { LocationRef } from '../lib/location-ref'
import { createPersistentStore } from './persistent-store'
import type { PersistentStore, StoreWriteFailure } from './persistent-store'
import { createYieldAssumptionsStore } from './yield-assumptions'
import type { YieldAssumptions } from '../lib/net-yield'

export const MAX_RECENT = 8
export const MAX_COMPARE = 12

/** Per location key: the `type:beds` combinations that answered NOT_FOUND. */
type NoDataMemory = Record<string, string[]>

export interface CompareView {
  beds: string
  type: TransactionType
}

/** Compare: location key → chart palette slot (so a location keeps its colour). */
export type ColorSlots = Record<string, number>

export interface AppStores {
  saved: PersistentStore<LocationRef[]>
  recent: PersistentStore<LocationRef[]>
  compare: PersistentStore<LocationRef[]>
  compareView: PersistentStore<CompareView>
  noData: PersistentStore<NoDataMemory>
  /** The first-run note about demo data was dismissed. */
  introDismissed: PersistentStore<boolean>
  compareColors: PersistentStore<ColorSlots>
  /** Display currency and the user's dated exchange rates (issue 16). */
  displayCurrency: PersistentStore<DisplayCurrencyPrefs>
  /** The rankings screen's filter and its "ask before this many lookups" threshold. */
  rankingsView: PersistentStore<RankingsView>
  /** The user's net-yield assumptions (issue 16). */
  yieldAssumptions: PersistentStore<YieldAssumptions>
  /** Tells `listener` of each change a store could not keep (and so did not apply). */
  onWriteFailed(listener: (failure: StoreWriteFailure) => void): () => void
}

const DEFAULT_RANKINGS_CONFIRM_ABOVE = 300

export interface RankingsView {
  sector: 'residential' | 'land'
  type: TransactionType
  beds: string
  /** Country code, or '' for every country. */
  country: string
  /** City name, or '' for every city. */
  city: string
  /** Lookups one fetch may make before the screen asks first. */
  confirmAbove: number
}

export const DEFAULT_RANKINGS_VIEW: RankingsView = {
  sector: 'residential',
  type: 'sale',
  beds: '',
  country: '',
  city: '',
  confirmAbove: DEFAULT_RANKINGS_CONFIRM_ABOVE
}

function isRankingsView(value: unknown): value is RankingsView {
  if (typeof value !== 'object' || value === null) return false
  const view = value as Record<string, unknown>
  return (
    (view['sector'] === 'residential' || view['sector'] === 'land') &&
    (view['type'] === 'rent' || view['type'] === 'sale') &&
    ['beds', 'country', 'city'].every((k) => typeof view[k] === 'string') &&
    Number.isInteger(view['confirmAbove']) &&
    (view['confirmAbove'] as number) >= 1 &&
    (view['confirmAbove'] as number) <= 100_000
  )
}

function isLocationRef(value: unknown): value is LocationRef {
  if (typeof value !== 'object' || value === null) return false
  const ref = value as Record<string, unknown>
  return (
    (ref['sector'] === 'residential' || ref['sector'] === 'land') &&
    ['slug', 'countryCode', 'name', 'city', 'country'].every((k) => typeof ref[k] === 'string')
  )
}

function isLocationRefList(value: unknown): value is LocationRef[] {
  return Array.isArray(value) && value.every(isLocationRef)
}

function isNoDataMemory(value: unknown): value is NoDataMemory {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (list) => Array.isArray(list) && list.every((item) => typeof item === 'string')
    )
  )
}

function isColorSlots(value: unknown): value is ColorSlots {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((slot) => Number.isInteger(slot) && slot >= 0)
  )
}

function isCompareView(value: unknown): value is CompareView {
  if (typeof value !== 'object' || value === null) return false
  const view = value as Record<string, unknown>
  return typeof view['beds'] === 'string' && (view['type'] === 'rent' || view['type'] === 'sale')
}

export function createAppStores(storage: Storage | undefined): AppStores {
  const failureListeners = new Set<(failure: StoreWriteFailure) => void>()
  const report = (failure: StoreWriteFailure) => failureListeners.forEach((tell) => tell(failure))
  const store = <T>(key: string, fallback: T, isValid: (value: unknown) => value is T) =>
    createPersistentStore(storage, key, fallback, isValid, report)
  return {
    saved: store('me.saved', [], isLocationRefList),
    recent: store('me.recent', [], isLocationRefList),
    compare: store('me.compare', [], isLocationRefList),
    compareView: store('me.compareView', { beds: '', type: 'sale' }, isCompareView),
    noData: store('me.noData', {}, isNoDataMemory),
    introDismissed: store(
      'me.introDismissed',
      false,
      (value): value is boolean => typeof value === 'boolean'
    ),
    compareColors: store('me.compareColors', {}, isColorSlots),
    displayCurrency: store('me.displayCurrency', NO_DISPLAY_CURRENCY, isDisplayCurrencyPrefs),
    rankingsView: store('me.rankingsView', DEFAULT_RANKINGS_VIEW, isRankingsView),
    yieldAssumptions: createYieldAssumptionsStore(storage, report),
    onWriteFailed(listener) {
      failureListeners.add(listener)
      return () => failureListeners.delete(listener)
    }
  }
}

export function withoutLocation(list: LocationRef[], ref: LocationRef): LocationRef[] {
  const key = locationKey(ref)
  return list.filter((item) => locationKey(item) !== key)
}

export function pushRecent(list: LocationRef[], ref: LocationRef): LocationRef[] {
  return [ref, ...withoutLocation(list, ref)].slice(0, MAX_RECENT)
}

export function toggleSaved(list: LocationRef[], ref: LocationRef): LocationRef[] {
  const key = locationKey(ref)
  return list.some((item) => locationKey(item) === key)
    ? withoutLocation(list, ref)
    : [...list, ref]
}

export function addToCompare(list: LocationRef[], ref: LocationRef): LocationRef[] {
  if (list.length >= MAX_COMPARE || list.some((item) => locationKey(item) === locationKey(ref))) {
    return list
  }
  return [...list, ref]
}

export function noDataKey(type: TransactionType, beds: string): string {
  return `${type}:${beds}`
}

export function rememberNoData(memory: NoDataMemory, location: string, combo: string) {
  const current = memory[location] ?? []
  return current.includes(combo) ? memory : { ...memory, [location]: [...current, combo] }
}

export function forgetNoData(memory: NoDataMemory, location: string, combos: readonly string[]) {
  const current = memory[location]
  if (!current) return memory
  const next = current.filter((combo) => !combos.includes(combo))
  const others = Object.entries(memory).filter(([key]) => key !== location)
  return Object.fromEntries(next.length > 0 ? [...others, [location, next]] : others)
}
