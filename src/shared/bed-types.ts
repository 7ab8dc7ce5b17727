/**
 * Bed types: opaque values the service defines ("1", "studio"…), each with an optional label the
 * user chooses ("1 bed / self-contained"). The defaults are the values the real provider is known
 * to take, labelled where a public client maps them (self-contained → 1, duplex → 4).
 */
import { z } from 'zod'
import { BedsSchema } from './spec'

export const BED_LABEL_MAX = 60

export const BedTypeSchema = z.strictObject({
  value: BedsSchema,
  label: z.string().trim().max(BED_LABEL_MAX).optional()
})
export type BedType = z.infer<typeof BedTypeSchema>

export const DEFAULT_BED_TYPES: readonly BedType[] = [
  { value: '1', label: '1 bed / self-contained' },
  { value: '2' },
  { value: '3' },
  { value: '4', label: '4 bed / duplex' }
]

/** The words for a bed value: its label, else "3 bed" for a number, else the value itself. */
export function bedTypeLabel(value: string, bedTypes: readonly BedType[] = []): string {
  const label = bedTypes.find((bedType) => bedType.value === value)?.label?.trim()
  if (label) return label
  return /^\d+$/.test(value) ? `${value} bed` : value
}

export function bedValues(bedTypes: readonly BedType[]): string[] {
  return bedTypes.map((bedType) => bedType.value)
}

/** A copy of the defaults (settings must not share the constant's objects). */
export function defaultBedTypes(): BedType[] {
  return DEFAULT_BED_TYPES.map((bedType) => ({ ...bedType }))
}
