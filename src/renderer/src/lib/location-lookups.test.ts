import { describe, expect, it } from 'vitest'
import { locationLookups, lookupList, residentialLookups } from './location-lookups'
import type { LocationRef } from './location-ref'

const place = { slug: 'maitama', countryCode: 'NG', name: 'Maitama', city: 'Abuja', country: 'NG' }

describe('locationLookups', () => {
  it('asks for both prices of the bed type (for the yield) and the chosen type’s growth', () => {
    const ref: LocationRef = { ...place, sector: 'residential' }
    expect(locationLookups(ref, { type: 'rent', beds: '2' })).toEqual({
      sale: {
        kind: 'residentialPrice',
        location: 'maitama',
        countryCode: 'NG',
        type: 'sale',
        beds: '2'
      },
      rent: {
        kind: 'residentialPrice',
        location: 'maitama',
        countryCode: 'NG',
        type: 'rent',
        beds: '2'
      },
      growth: {
        kind: 'growth',
        location: 'maitama',
        countryCode: 'NG',
        sector: 'residential',
        type: 'rent',
        beds: '2'
      }
    })
  })

  it('lists every lookup of a location once', () => {
    const view = { type: 'sale', beds: '3' } as const
    const lookups = locationLookups({ ...place, sector: 'residential' }, view)
    expect(lookupList(lookups)).toEqual([lookups.sale, lookups.rent, lookups.growth])
    const land = locationLookups({ ...place, sector: 'land' }, view)
    expect(lookupList(land)).toEqual([land.land, land.growth])
  })

  it('asks a land location for its land price and land growth, whatever the bed type', () => {
    const ref: LocationRef = { ...place, sector: 'land' }
    expect(locationLookups(ref, { type: 'sale', beds: '3' })).toEqual({
      land: { kind: 'landPrice', location: 'maitama', countryCode: 'NG' },
      growth: { kind: 'growth', location: 'maitama', countryCode: 'NG', sector: 'land' }
    })
  })
})

describe('residentialLookups', () => {
  it('asks each bed type for rent and sale, each a price and a growth, as one column asks them', () => {
    const ref: LocationRef = { ...place, sector: 'residential' }
    const combos = residentialLookups(ref, [{ value: '3' }, { value: '1', label: 'Studio' }])
    expect(combos.map(({ type, beds }) => `${type}:${beds}`)).toEqual([
      'rent:3',
      'sale:3',
      'rent:1',
      'sale:1'
    ])
    const { sale, growth } = locationLookups(ref, { type: 'sale', beds: '1' })
    expect(combos[3]).toEqual({ beds: '1', type: 'sale', price: sale, growth })
  })
})
