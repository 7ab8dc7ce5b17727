import { describe, expect, it } from 'vitest'
import type { Location } from '@shared/spec'
import { buildLocationIndex } from './location-search'
import { groupedRowList, pickerLocationKey, rankedRowList } from './picker-rows'
import type { PickerRow, PickerRowList } from './picker-rows'

const at = (name: string, city: string, country: string): Location => ({
  name,
  slug: name.toLowerCase(),
  city,
  country,
  country_code: country.slice(0, 2).toUpperCase()
})

const LOCATIONS = [
  at('Yaba', 'Lagos', 'Nigeria'),
  at('Maitama', 'Abuja', 'Nigeria'),
  at('Ikoyi', 'Lagos', 'Nigeria'),
  at('Osu', 'Accra', 'Ghana')
]

const rowsOf = (list: PickerRowList) =>
  Array.from({ length: list.count }, (_, index) => list.at(index)).filter(
    (row): row is PickerRow => row !== undefined
  )

function labels(rows: readonly PickerRow[]) {
  return rows.map((row) =>
    row.kind === 'heading' ? `# ${row.label} (${row.count ?? '-'})` : row.location.name
  )
}

describe('groupedRowList', () => {
  const results = buildLocationIndex(LOCATIONS).entries

  it('groups by country then city with counts', () => {
    const list = groupedRowList({ results, saved: [], recent: [], savedKeys: new Set() })
    expect(labels(rowsOf(list))).toEqual([
      '# Ghana (1)',
      '# Accra (1)',
      'Osu',
      '# Nigeria (3)',
      '# Abuja (1)',
      'Maitama',
      '# Lagos (2)',
      'Ikoyi',
      'Yaba'
    ])
    expect(list.options).toBe(4)
  })

  it('puts saved and recent first, numbering options in display order', () => {
    const saved = [LOCATIONS[0] as Location]
    const rows = rowsOf(
      groupedRowList({
        results,
        saved,
        recent: [LOCATIONS[3] as Location],
        savedKeys: new Set(saved.map(pickerLocationKey))
      })
    )
    expect(labels(rows).slice(0, 5)).toEqual([
      '# Saved (-)',
      'Yaba',
      '# Recent (-)',
      'Osu',
      '# All locations (-)'
    ])
    const options = rows.filter((row) => row.kind === 'option')
    expect(options.map((row) => row.optionIndex)).toEqual([0, 1, 2, 3, 4, 5])
    expect(options.filter((row) => row.saved).map((row) => row.location.name)).toEqual([
      'Yaba',
      'Yaba'
    ])
  })

  it('lists a saved location once, not again under Recent', () => {
    const saved = [LOCATIONS[0] as Location]
    const rows = rowsOf(
      groupedRowList({
        results,
        saved,
        recent: [LOCATIONS[0] as Location, LOCATIONS[3] as Location],
        savedKeys: new Set(saved.map(pickerLocationKey))
      })
    )
    expect(labels(rows).slice(0, 5)).toEqual([
      '# Saved (-)',
      'Yaba',
      '# Recent (-)',
      'Osu',
      '# All locations (-)'
    ])
  })
})

describe('row lists read by position', () => {
  const results = buildLocationIndex(LOCATIONS).entries

  it('lists search results flat, best first, with no shortcuts or headings, made only when read', () => {
    const ranked = [...results].reverse()
    const savedKeys = new Set([pickerLocationKey(LOCATIONS[2] as Location)])
    const list = rankedRowList(ranked, savedKeys)
    expect(list.count).toBe(4)
    expect(list.options).toBe(4)
    expect(list.optionsOnly).toBe(true)
    const rows = Array.from({ length: list.count }, (_, index) => list.at(index))
    expect(labels(rows.filter((row) => row !== undefined))).toEqual([
      'Yaba',
      'Ikoyi',
      'Maitama',
      'Osu'
    ])
    expect(rows.map((row) => (row?.kind === 'option' ? row.optionIndex : -1))).toEqual([0, 1, 2, 3])
    expect(rows.map((row) => row?.kind === 'option' && row.saved)).toEqual([
      false,
      true,
      false,
      false
    ])
    expect(list.at(1)).toBe(list.at(1))
    expect(list.at(4)).toBeUndefined()
    expect(list.rowOfOption(3)).toBe(3)
    expect(list.rowOfOption(4)).toBeUndefined()
  })

  it('finds the row of each option in the grouped list, past its headings', () => {
    const list = groupedRowList({ results, saved: [], recent: [], savedKeys: new Set() })
    expect(list.optionsOnly).toBe(false)
    expect(list.count).toBe(9)
    const names = [0, 1, 2, 3].map((option) => {
      const row = list.at(list.rowOfOption(option) ?? -1)
      return row?.kind === 'option' ? row.location.name : undefined
    })
    expect(names).toEqual(['Osu', 'Maitama', 'Ikoyi', 'Yaba'])
    expect(list.rowOfOption(4)).toBeUndefined()
  })
})
