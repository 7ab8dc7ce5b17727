import type { Sector, TransactionType } from '@shared/spec'

export const SECTOR_OPTIONS = [
  { value: 'residential', label: 'Residential' },
  { value: 'land', label: 'Land' }
] as const satisfies ReadonlyArray<{ value: Sector; label: string }>

export const TRANSACTION_TYPE_OPTIONS = [
  { value: 'sale', label: 'Sale' },
  { value: 'rent', label: 'Rent' }
] as const satisfies ReadonlyArray<{ value: TransactionType; label: string }>
