import { describe, expect, it } from 'vitest'
import type { Location } from '../../../shared/spec'
import { buildLocationIndex, createLocationSearch, filterEntries } from './location-search'

const place = (name: string, city: string, country: string, code: string): Location => ({
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  city,
  country,
  country_code: code
})

const LOCATIONS = [
  place('Westlands', 'Nairobi', 'Kenya', 'KE'),
  place('Lekki Phase 1', 'Lagos', 'Nigeria', 'NG'),
  place('Ikoyi', 'Lagos', 'Nigeria', 'NG'),
  place('Maitama', 'Abuja', 'Nigeria', 'NG'),
  place('Cantonments', 'Accra', 'Ghana', 'GH'),
  place('Ouagadougou Centre', 'Ouagadougou', 'Côte d’Ivoire', 'CI')
]

describe('buildLocationIndex', () => {
  it('sorts by country, then city, then name', () => {
    const index = buildLocationIndex(LOCATIONS)
    expect(index.entries.map((e) => e.location.name)).toEqual([
      'Ouagadougou Centre',
      'Cantonments',
      'Westlands',
      'Maitama',
      'Ikoyi',
      'Lekki Phase 1'
    ])
    expect(index.countryCount).toBe(4)
  })
})

describe('filterEntries', () => {
  const index = buildLocationIndex(LOCATIONS)
  const names = (query: string) => filterEntries(index.entries, query).map((e) => e.location.name)

  it('matches name, city, country and country code, case-insensitively', () => {
    expect(names('LEKKI')).toEqual(['Lekki Phase 1'])
    expect(names('lagos')).toEqual(['Ikoyi', 'Lekki Phase 1'])
    expect(names('ghana')).toEqual(['Cantonments'])
    expect(names('ke')).toContain('Westlands')
  })

  it('needs every word to match somewhere, in any order', () => {
    expect(names('nigeria abuja')).toEqual(['Maitama'])
    expect(names('phase lagos')).toEqual(['Lekki Phase 1'])
    expect(names('phase abuja')).toEqual([])
  })

  it('ignores accents', () => {
    expect(names('cote')).toEqual(['Ouagadougou Centre'])
  })
})

describe('createLocationSearch', () => {
  it('narrowing while typing gives the same results as a fresh search', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      place(`Area ${i}`, `City ${i % 37}`, `Country ${i % 7}`, `C${i % 7}`)
    )
    const index = buildLocationIndex(many)
    const search = createLocationSearch(index)
    for (const query of [
      'c',
      'ci',
      'cit',
      'city 1',
      'city 12',
      'city 1',
      'area 9',
      'area 99 city'
    ]) {
      expect(search(query)).toEqual(filterEntries(index.entries, query))
    }
  })
})
