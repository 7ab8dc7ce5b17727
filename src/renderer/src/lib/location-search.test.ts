import { describe, expect, it } from 'vitest'
import type { Location } from '@shared/spec'
import { buildLocationIndex, createLocationSearch, filterEntries } from './location-search'
import type { LocationIndex } from './location-search'

/** A fresh search: the answer from scratch, with nothing narrowed from an earlier query. */
const searchLocations = (index: LocationIndex, query: string) => createLocationSearch(index)(query)

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

  it('counts the countries its list groups by: names, even when a code is shared', () => {
    const [first] = LOCATIONS as [Location, ...Location[]]
    const renamed = { ...first, slug: 'renamed', country: `${first.country} (renamed)` }
    expect(buildLocationIndex([...LOCATIONS, renamed]).countryCount).toBe(5)
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
      'area 99 city',
      ...[...'city 12 area 9'].map((_, end) => 'city 12 area 9'.slice(0, end + 1))
    ]) {
      expect(search(query)).toEqual(searchLocations(index, query))
    }
  })

  it('narrowing gives the same results as a fresh search, typos included', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      place(`${['Yaba', 'Ikoyi', 'Lekki Phase', 'Maitama'][i % 4]} ${i}`, 'Lagos', 'Nigeria', 'NG')
    )
    const index = buildLocationIndex(many)
    const search = createLocationSearch(index)
    const typed = (text: string) => [...text].map((_, end) => text.slice(0, end + 1))
    for (const query of [...typed('yabba 12'), ...typed('ikyoi'), 'lekk', ...typed('maitma 2')]) {
      expect(search(query)).toEqual(searchLocations(index, query))
    }
    expect(search('yabba 12').map((e) => e.location.name)).toContain('Yaba 12')
  })
})

describe('ranking', () => {
  const LAGOS = [
    place('Ibeju-Lekki', 'Lagos', 'Nigeria', 'NG'),
    place('Ikoyi', 'Lagos', 'Nigeria', 'NG'),
    place('Lekki Phase 1', 'Lagos', 'Nigeria', 'NG'),
    place('Old Ikoyi', 'Lagos', 'Nigeria', 'NG'),
    place('Parkview Ikoyi', 'Lagos', 'Nigeria', 'NG'),
    place('Yaba', 'Lagos', 'Nigeria', 'NG'),
    place('Ikoyi Crescent', 'Ikoyi', 'Nigeria', 'NG'),
    place('Maitama', 'Abuja', 'Nigeria', 'NG'),
    place('Lekki Gardens', 'Ikoyi', 'Nigeria', 'NG')
  ]
  const index = buildLocationIndex(LAGOS)
  const names = (query: string) => searchLocations(index, query).map((e) => e.location.name)

  it('puts a name that starts with the query before one that merely contains it', () => {
    expect(names('lekki')).toEqual(['Lekki Gardens', 'Lekki Phase 1', 'Ibeju-Lekki'])
  })

  it('ranks an exact name, then name prefixes, then words of a name, then other fields', () => {
    expect(names('ikoyi')).toEqual([
      'Ikoyi',
      'Ikoyi Crescent',
      'Old Ikoyi',
      'Parkview Ikoyi',
      'Lekki Gardens'
    ])
  })

  it('keeps country, city, name order within a rank', () => {
    expect(names('lagos')).toEqual([
      'Ibeju-Lekki',
      'Ikoyi',
      'Lekki Phase 1',
      'Old Ikoyi',
      'Parkview Ikoyi',
      'Yaba'
    ])
  })
})

describe('one typo', () => {
  const index = buildLocationIndex([
    ...LOCATIONS,
    place('Yaba', 'Lagos', 'Nigeria', 'NG'),
    place('Gbagada', 'Lagos', 'Nigeria', 'NG')
  ])
  const names = (query: string) => searchLocations(index, query).map((e) => e.location.name)

  it('finds a name with one letter too many, too few, swapped or wrong', () => {
    expect(names('yabba')).toEqual(['Yaba'])
    expect(names('maitma')).toEqual(['Maitama'])
    expect(names('ikyoi')).toEqual(['Ikoyi'])
    expect(names('westlends')).toEqual(['Westlands'])
    expect(names('gbagada lagso')).toEqual(['Gbagada'])
  })

  it('lists typo matches after every exact match', () => {
    const withLookAlike = buildLocationIndex([
      place('Yabatech', 'Lagos', 'Nigeria', 'NG'),
      place('Yaaba', 'Lagos', 'Nigeria', 'NG'),
      place('Yaba', 'Abuja', 'Nigeria', 'NG')
    ])
    expect(searchLocations(withLookAlike, 'yaba').map((e) => e.location.name)).toEqual([
      'Yaba',
      'Yabatech',
      'Yaaba'
    ])
  })

  it('finds a short name with a letter missing, and a long one with a letter too many in front', () => {
    expect(names('yba')).toEqual(['Yaba'])
    expect(names('iyaba')).toEqual(['Yaba'])
    expect(names('ikoy')).toEqual(['Ikoyi'])
  })

  it('allows no typo in short words, where one would match almost anything', () => {
    expect(names('osu')).toEqual([])
    expect(names('yab')).toEqual(['Yaba'])
    expect(names('ybb')).toEqual([])
    expect(names('ng')).toEqual(['Maitama', 'Gbagada', 'Ikoyi', 'Lekki Phase 1', 'Yaba'])
  })
})

describe('numbers and places', () => {
  const index = buildLocationIndex([
    place('Langata', 'Nairobi', 'Kenya', 'KE'),
    place('Lekki Phase 1', 'Lagos', 'Nigeria', 'NG'),
    place('Maitama', 'Abuja', 'Nigeria', 'NG')
  ])
  const names = (query: string) => searchLocations(index, query).map((e) => e.location.name)

  it('finds a number in a name written as a word, or as digits', () => {
    expect(names('lekki phase one')).toEqual(['Lekki Phase 1'])
    expect(names('phase 1')).toEqual(['Lekki Phase 1'])
  })

  it("puts a country code's locations before a name that merely contains its letters", () => {
    expect(names('NG')).toEqual(['Maitama', 'Lekki Phase 1', 'Langata'])
    expect(names('kenya')).toEqual(['Langata'])
  })
})
