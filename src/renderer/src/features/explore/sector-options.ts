import type { Sector } from '@shared/spec'

export const SECTOR_OPTIONS = [
  { value: 'residential', label: 'Residential' },
  { value: 'land', label: 'Land' }
] as const satisfies ReadonlyArray<{ value: Sector; label: string }>
