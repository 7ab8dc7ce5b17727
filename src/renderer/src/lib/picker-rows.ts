import type { Location } from '@shared/spec'
import type { IndexedLocation } from './location-search'

interface HeadingRow {
  kind: 'heading'
  id: string
  level: 'section' | 'country' | 'city'
  label: string
  count?: number | undefined
}

export type PickerRow =
  | HeadingRow
  | {
      kind: 'option'
      id: string
      location: Location
      /** 0-based position among options (for aria-posinset and keyboard navigation). */
      optionIndex: number
      saved: boolean
    }

interface PickerRowsInput {
  results: readonly IndexedLocation[]
  /** Shown above everything (the list while nothing is typed). */
  saved: readonly Location[]
  recent: readonly Location[]
  savedKeys: ReadonlySet<string>
}

/** A location's key among the picker's rows (rows are made only for the rows in view). */
export function pickerLocationKey(location: Pick<Location, 'country_code' | 'slug'>): string {
  return `${location.country_code.toUpperCase()}:${location.slug}`
}

/** An option row: `group` tells apart the rows of one location listed twice (saved and all). */
function optionRow(
  location: Location,
  group: 'saved' | 'recent' | 'all',
  optionIndex: number,
  savedKeys: ReadonlySet<string>
): PickerRow {
  const key = pickerLocationKey(location)
  const id = `opt-${group}-${key}`
  return { kind: 'option', id, location, optionIndex, saved: savedKeys.has(key) }
}

/**
 * Rows read by position, for the virtual list: it asks only for the rows in view, so a search
 * listing 50,000 locations makes a few dozen row objects per keystroke, not 50,000.
 */
export interface PickerRowList {
  readonly count: number
  readonly options: number
  /** Every row is an option (search results): rows are the same height, no headings. */
  readonly optionsOnly: boolean
  at(rowIndex: number): PickerRow | undefined
  /** The row showing the option at `optionIndex` (0-based among options). */
  rowOfOption(optionIndex: number): number | undefined
}

/**
 * The list while nothing is typed: "Saved" and "Recent" sections when there are any, then every
 * location grouped by country, then city. Linear in the number of results.
 */
export function groupedRowList(input: PickerRowsInput): PickerRowList {
  const rows: PickerRow[] = []
  const optionRows: number[] = []
  const addOption = (location: Location, group: 'saved' | 'recent' | 'all') =>
    rows.push(optionRow(location, group, optionRows.push(rows.length) - 1, input.savedKeys))
  const heading = (id: string, level: HeadingRow['level'], label: string, count?: number) => {
    const row: HeadingRow = { kind: 'heading', id, level, label, count }
    rows.push(row)
    return row
  }
  if (input.saved.length > 0) {
    heading('h-saved', 'section', 'Saved')
    input.saved.forEach((location) => addOption(location, 'saved'))
  }
  // A saved location is already listed above: Recent shows only the others.
  const savedShown = new Set(input.saved.map(pickerLocationKey))
  const recent = input.recent.filter((location) => !savedShown.has(pickerLocationKey(location)))
  if (recent.length > 0) {
    heading('h-recent', 'section', 'Recent')
    recent.forEach((location) => addOption(location, 'recent'))
  }
  if (rows.length > 0) heading('h-all', 'section', 'All locations')
  let countryHeading: HeadingRow | undefined
  let cityHeading: HeadingRow | undefined
  for (const { location } of input.results) {
    const { country, city } = location
    if (country !== countryHeading?.label) {
      countryHeading = heading(`h-${country}`, 'country', country, 0)
      cityHeading = undefined
    }
    if (city !== cityHeading?.label) cityHeading = heading(`h-${country}-${city}`, 'city', city, 0)
    countryHeading.count = (countryHeading.count ?? 0) + 1
    cityHeading.count = (cityHeading.count ?? 0) + 1
    addOption(location, 'all')
  }
  return {
    count: rows.length,
    options: optionRows.length,
    optionsOnly: optionRows.length === rows.length,
    at: (rowIndex) => rows[rowIndex],
    rowOfOption: (optionIndex) => optionRows[optionIndex]
  }
}

/**
 * Search results as rows, best first and flat (headings would break up the ranking), each made
 * only when read.
 */
export function rankedRowList(
  results: readonly IndexedLocation[],
  savedKeys: ReadonlySet<string>
): PickerRowList {
  const made = new Map<number, PickerRow>()
  return {
    count: results.length,
    options: results.length,
    optionsOnly: true,
    at(rowIndex) {
      const result = results[rowIndex]
      let row = made.get(rowIndex)
      if (!row && result) {
        row = optionRow(result.location, 'all', rowIndex, savedKeys)
        made.set(rowIndex, row)
      }
      return row
    },
    rowOfOption: (optionIndex) =>
      optionIndex >= 0 && optionIndex < results.length ? optionIndex : undefined
  }
}
