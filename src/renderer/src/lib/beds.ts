import { bedTypeLabel } from '@shared/bed-types'
import type { BedType } from '@shared/bed-types'

/** Bed values are opaque strings: the user's label, else "3 bed" for a number, else the value. */
export function bedLabel(beds: string, bedTypes: readonly BedType[] = []): string {
  return bedTypeLabel(beds, bedTypes)
}
