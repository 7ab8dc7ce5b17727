import { z } from 'zod'
import { SectorSchema, TransactionTypeSchema } from '@shared/spec'
import { DisplayCurrencyPrefsSchema, NO_DISPLAY_CURRENCY } from '../lib/currency-conversion'
import { LocationRefSchema, locationKey } from '../lib/location-ref'
import type { LocationRef } from '../lib/location-ref'
import { DEFAULT_YIELD_ASSUMPTIONS, YieldAssumptionsSchema } from '../lib/net-yield'
import { DEFAULT_CACHE_DAYS } from '../lib/staleness'
import { createPersistentStore } from './persistent-store'
import type { StoreWriteFailure } from './persistent-store'

export const MAX_RECENT = 8
export const MAX_COMPARE = 12

const CompareViewSchema = z.object({ beds: z.string(), type: TransactionTypeSchema })
export type CompareView = z.infer<typeof CompareViewSchema>

/** Compare: location key → chart palette slot (so a location keeps its colour). */
const ColorSlotsSchema = z.record(z.string(), z.number().int().min(0))
export type ColorSlots = z.infer<typeof ColorSlotsSchema>

const RankingsViewSchema = z.object({
  sector: SectorSchema,
  type: TransactionTypeSchema,
  beds: z.string(),
  /** Country code, or '' for every country. */
  country: z.string(),
  /** City name, or '' for every city. */
  city: z.string(),
  /** Lookups one fetch may make before the screen asks first. */
  confirmAbove: z.number().int().min(1).max(100_000)
})
export type RankingsView = z.infer<typeof RankingsViewSchema>

export const DEFAULT_RANKINGS_VIEW: RankingsView = {
  sector: 'residential',
  type: 'sale',
  beds: '',
  country: '',
  city: '',
  confirmAbove: 300
}

/** Each store's value is checked on read: anything else reads as the store's default. */
export function createAppStores(storage: Storage) {
  const failureListeners = new Set<(failure: StoreWriteFailure) => void>()
  const report = (failure: StoreWriteFailure) => failureListeners.forEach((tell) => tell(failure))
  const store = <T>(key: string, fallback: NoInfer<T>, schema: z.ZodType<T>) =>
    createPersistentStore(storage, key, fallback, schema, report)
  const locations = z.array(LocationRefSchema)
  return {
    saved: store('me.saved', [], locations),
    recent: store('me.recent', [], locations),
    compare: store('me.compare', [], locations),
    /** Locations made available offline: their cached figures never expire. */
    offline: store('me.offline', [], locations),
    /** Days a cached figure counts as fresh (Settings). */
    cacheDays: store('me.cacheDays', DEFAULT_CACHE_DAYS, z.number().int().min(1).max(3650)),
    compareView: store('me.compareView', { beds: '', type: 'sale' }, CompareViewSchema),
    /** The first-run note about demo data was dismissed. */
    introDismissed: store('me.introDismissed', false, z.boolean()),
    compareColors: store('me.compareColors', {}, ColorSlotsSchema),
    /** Display currency and the user's dated exchange rates. */
    displayCurrency: store('me.displayCurrency', NO_DISPLAY_CURRENCY, DisplayCurrencyPrefsSchema),
    /** The rankings screen's filter and its "ask before this many lookups" threshold. */
    rankingsView: store('me.rankingsView', DEFAULT_RANKINGS_VIEW, RankingsViewSchema),
    /** The user's net-yield assumptions (renderer-only: not part of the settings file). */
    yieldAssumptions: store(
      'me.yieldAssumptions',
      DEFAULT_YIELD_ASSUMPTIONS,
      YieldAssumptionsSchema.strict()
    ),
    /** Tells `listener` of each change a store could not keep (and so did not apply). */
    onWriteFailed(listener: (failure: StoreWriteFailure) => void) {
      failureListeners.add(listener)
      return () => failureListeners.delete(listener)
    }
  }
}
export type AppStores = ReturnType<typeof createAppStores>

export function withoutLocation(list: LocationRef[], ref: LocationRef): LocationRef[] {
  const key = locationKey(ref)
  return list.filter((item) => locationKey(item) !== key)
}

export function pushRecent(list: LocationRef[], ref: LocationRef): LocationRef[] {
  return [ref, ...withoutLocation(list, ref)].slice(0, MAX_RECENT)
}

/** `list` with `added` appended, each location once (`list` itself when none is new). */
export function withLocations(list: LocationRef[], added: readonly LocationRef[]): LocationRef[] {
  const known = new Set(list.map(locationKey))
  const next = [...list]
  for (const ref of added) {
    if (known.has(locationKey(ref))) continue
    known.add(locationKey(ref))
    next.push(ref)
  }
  return next.length === list.length ? list : next
}

export function toggleSaved(list: LocationRef[], ref: LocationRef): LocationRef[] {
  const without = withoutLocation(list, ref)
  return without.length < list.length ? without : [...list, ref]
}

export function addToCompare(list: LocationRef[], ref: LocationRef): LocationRef[] {
  return list.length >= MAX_COMPARE ? list : withLocations(list, [ref])
}
