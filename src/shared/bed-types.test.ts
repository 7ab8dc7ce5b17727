import { describe, expect, it } from 'vitest'
import {
  BedTypeSchema,
  bedTypeLabel,
  bedValues,
  DEFAULT_BED_TYPES,
  defaultBedTypes
} from './bed-types'
import { BedsSchema } from './spec'

describe('bed types', () => {
  it('defaults to the provider’s known values, 1 and 4 named as its clients map them', () => {
    expect(bedValues(DEFAULT_BED_TYPES)).toEqual(['1', '2', '3', '4'])
    expect(bedTypeLabel('1', DEFAULT_BED_TYPES)).toBe('1 bed / self-contained')
    expect(bedTypeLabel('4', DEFAULT_BED_TYPES)).toBe('4 bed / duplex')
  })

  it('falls back to "N bed" for an unlabelled number and to the value otherwise', () => {
    expect(bedTypeLabel('2', DEFAULT_BED_TYPES)).toBe('2 bed')
    expect(bedTypeLabel('studio', DEFAULT_BED_TYPES)).toBe('studio')
    expect(bedTypeLabel('3', [{ value: '3', label: '  ' }])).toBe('3 bed')
    expect(bedTypeLabel('3')).toBe('3 bed')
  })

  it('uses the user’s own label', () => {
    expect(bedTypeLabel('studio', [{ value: 'studio', label: 'Studio flat' }])).toBe('Studio flat')
  })

  it('hands out copies of the defaults', () => {
    const copy = defaultBedTypes()
    copy[0] = { value: 'x' }
    expect(DEFAULT_BED_TYPES[0]?.value).toBe('1')
  })

  it('validates values and labels and refuses unknown keys', () => {
    expect(BedTypeSchema.safeParse({ value: ' 3 ', label: ' three ' }).data).toEqual({
      value: '3',
      label: 'three'
    })
    expect(BedTypeSchema.safeParse({ value: '' }).success).toBe(false)
    expect(BedTypeSchema.safeParse({ value: '3', label: 'x'.repeat(61) }).success).toBe(false)
    expect(BedTypeSchema.safeParse({ value: '3', name: 'x' }).success).toBe(false)
  })

  it('takes as a value exactly what a query takes as beds (at most 32 characters)', () => {
    for (const value of ['x'.repeat(32), 'x'.repeat(33)]) {
      const asQuery = BedsSchema.safeParse(value).success
      expect(BedTypeSchema.safeParse({ value }).success).toBe(asQuery)
      expect(asQuery).toBe(value.length <= 32)
    }
  })
})
