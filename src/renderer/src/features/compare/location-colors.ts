import { useEffect, useMemo } from 'react'
import { useStores } from '../../data/app-deps'
import { useChartColors } from '../../components/chart-colors'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import type { ColorSlots } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'

/**
 * Palette slots per location key. A location keeps its slot for as long as it is compared
 * (removing another never recolours it); a new one takes the least used slot, lowest first.
 */
export function assignColorSlots(
  keys: readonly string[],
  previous: ColorSlots,
  size: number
): ColorSlots {
  const next: ColorSlots = {}
  const uses = new Array<number>(Math.max(1, size)).fill(0)
  for (const key of keys) {
    const slot = previous[key]
    if (slot !== undefined && slot >= 0 && slot < uses.length && next[key] === undefined) {
      next[key] = slot
      uses[slot] = (uses[slot] ?? 0) + 1
    }
  }
  for (const key of keys) {
    if (next[key] !== undefined) continue
    const fewest = Math.min(...uses)
    const slot = uses.indexOf(fewest)
    next[key] = slot
    uses[slot] = fewest + 1
  }
  return next
}

/** Location key → chart colour, stable while the location stays in the comparison. */
export function useLocationColors(refs: readonly LocationRef[]): ReadonlyMap<string, string> {
  const stores = useStores()
  const stored = useStoreValue(stores.compareColors)
  const { palette, rent } = useChartColors()
  const keysText = refs.map(locationKey).join('\n')
  const slots = useMemo(
    () => assignColorSlots(keysText ? keysText.split('\n') : [], stored, palette.length),
    [keysText, stored, palette.length]
  )
  useEffect(() => {
    // Keys in the same order once stored: equal slots read as the same text.
    if (JSON.stringify(slots) !== JSON.stringify(stored)) stores.compareColors.set(slots)
  }, [slots, stored, stores.compareColors])
  return useMemo(
    () =>
      new Map(Object.entries(slots).map(([key, slot]) => [key, palette[slot] ?? rent] as const)),
    [slots, palette, rent]
  )
}
