import { bedTypeLabel, bedValues } from '@shared/bed-types'
import type { BedType } from '@shared/bed-types'

/** `beds` when the bed types have it, else the middle one (3 of 1–4 or of 1–5): most locations have it. */
export function bedsOrDefault(bedTypes: readonly BedType[], beds: string): string {
  const values = bedValues(bedTypes)
  return values.includes(beds) ? beds : (values[Math.floor(values.length / 2)] ?? '')
}

/** The bed types as choices, each by its label. */
export function bedOptions(bedTypes: readonly BedType[]): Array<{ value: string; label: string }> {
  return bedTypes.map(({ value }) => ({ value, label: bedTypeLabel(value, bedTypes) }))
}
