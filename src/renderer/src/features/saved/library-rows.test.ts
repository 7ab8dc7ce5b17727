import { describe, expect, it } from 'vitest'
import { lookupKey } from '@shared/figures/identity'
import type { CachedFigure } from '../../data/use-offline-cache'
import { asRead, plain } from '../../../../../test/support/renderer/text'
import { buildLibraryRows } from './library-rows'

const meta = (fetchedAt: string) => ({ source: 'demo', fetchedAt })

function entry(queryKey: readonly unknown[], data: unknown, fetchedAt: string): CachedFigure {
  return {
    queryKey,
    queryHash: JSON.stringify(queryKey),
    state: { data: { data, meta: meta(fetchedAt) }, dataUpdatedAt: Date.parse(fetchedAt) }
  }
}

describe('buildLibraryRows', () => {
  it('shows a large price compact, keeping the exact figure', () => {
    const [row] = buildLibraryRows(
      [
        entry(
          lookupKey({
            kind: 'residentialPrice',
            location: 'ikoyi',
            countryCode: 'NG',
            type: 'sale',
            beds: '3'
          }),
          { price: 128_000_000, currency: 'NGN' },
          '2025-01-03T00:00:00.000Z'
        )
      ],
      { growthUnit: 'percent', growthMeaning: 'per-year', bedTypes: [] }
    )
    expect(plain(row?.value ?? '')).toBe('NGN 128M')
    expect(plain(row?.exactValue ?? '')).toBe('NGN 128,000,000')
  })

  it('describes each cached figure, names locations from cached lists, newest first', () => {
    const rows = buildLibraryRows(
      [
        entry(
          lookupKey({ kind: 'locations', sector: 'residential' }),
          {
            sector: 'residential',
            locations: [
              {
                name: 'Ikoyi',
                slug: 'ikoyi',
                city: 'Lagos',
                country: 'Nigeria',
                country_code: 'NG'
              }
            ]
          },
          '2025-01-01T00:00:00.000Z'
        ),
        entry(
          lookupKey({
            kind: 'growth',
            location: 'ikoyi',
            countryCode: 'NG',
            sector: 'residential',
            type: 'rent',
            beds: '2'
          }),
          { growth: 0.075, period: '2020-2025' },
          '2025-01-03T00:00:00.000Z'
        ),
        entry(
          lookupKey({ kind: 'landPrice', location: 'unknown-place', countryCode: 'ng' }),
          { price: 1200, currency: 'NGN', unit: 'sqm' },
          '2025-01-02T00:00:00.000Z'
        )
      ],
      {
        growthUnit: 'fraction',
        growthMeaning: 'total',
        bedTypes: [{ value: '2', label: '2 bed / flat' }]
      }
    )
    expect(rows.map((row) => row.kind)).toEqual(['Growth', 'Land price', 'Locations list'])
    expect(rows[0]).toMatchObject({
      location: { name: 'Ikoyi', place: 'Lagos, Nigeria', sector: 'residential' },
      details: '2 bed / flat · rent · total, 2020–2025'
    })
    expect(asRead(rows[0]?.value ?? '')).toBe('+7.5% over 2020–25')
    expect(asRead(rows[0]?.otherReading ?? '')).toBe('≈ +1.5%/yr')
    expect(rows[1]?.location).toMatchObject({
      name: 'Unknown Place',
      sector: 'land',
      countryCode: 'NG'
    })
    expect(rows[1]?.value).toMatch(/1,200 \/ sqm$/)
    expect(rows[2]?.value).toBe('1 location')
    expect(rows[0]?.haystack).toContain('ikoyi')
  })
})
