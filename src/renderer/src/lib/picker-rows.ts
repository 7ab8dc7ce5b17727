import type { Location } from '@shared/spec'
import type { IndexedLocation } from './location-search'

interface HeadingRow {
  kind: 'heading'
  id: string
  level: 'section' | 'country' | 'city'
  label: string
  count?: number
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

/** Keys of the locations listed so far: each keystroke lists up to every location again. */
const keys = new WeakMap<object, string>()

export function pickerLocationKey(location: Pick<Location, 'country_code' | 'slug'>): string {
  // Locations are never changed in place (the query cache's answers are immutable).
  let key = keys.get(location)
  if (key === undefined) {
    key = `${location.country_code.toUpperCase()}:${location.slug}`
    keys.set(location, key)
  }
  return key
}

/**
 * The list while nothing is typed, as rows for a virtual list: "Saved" and "Recent" sections when
 * there are any, then every location grouped by country, then city. Linear in the number of
 * results.
 */
export function buildPickerRows(input: PickerRowsInput): { rows: PickerRow[]; options: number } {
  const rows: PickerRow[] = []
  let optionIndex = 0
  const addOption = (location: Location, group: 'saved' | 'recent' | 'all') => {
    const key = pickerLocationKey(location)
    rows.push({
      kind: 'option',
      id: `opt-${group}-${key}`,
      location,
      optionIndex: optionIndex++,
      saved: input.savedKeys.has(key)
    })
  }
  if (input.saved.length > 0) {
    rows.push({ kind: 'heading', id: 'h-saved', level: 'section', label: 'Saved' })
    input.saved.forEach((location) => addOption(location, 'saved'))
  }
  // A saved location is already listed above: Recent shows only the others.
  const savedShown = new Set(input.saved.map(pickerLocationKey))
  const recent = input.recent.filter((location) => !savedShown.has(pickerLocationKey(location)))
  if (recent.length > 0) {
    rows.push({ kind: 'heading', id: 'h-recent', level: 'section', label: 'Recent' })
    recent.forEach((location) => addOption(location, 'recent'))
  }
  if (rows.length > 0) {
    rows.push({ kind: 'heading', id: 'h-all', level: 'section', label: 'All locations' })
  }
  let country = ''
  let city = ''
  let countryHeading: HeadingRow | undefined
  let cityHeading: HeadingRow | undefined
  for (const { location } of input.results) {
    if (location.country !== country || !countryHeading) {
      country = location.country
      city = ''
      cityHeading = undefined
      countryHeading = {
        kind: 'heading',
        id: `h-${country}`,
        level: 'country',
        label: country,
        count: 0
      }
      rows.push(countryHeading)
    }
    if (location.city !== city || !cityHeading) {
      city = location.city
      cityHeading = {
        kind: 'heading',
        id: `h-${country}-${city}`,
        level: 'city',
        label: city,
        count: 0
      }
      rows.push(cityHeading)
    }
    countryHeading.count = (countryHeading.count ?? 0) + 1
    cityHeading.count = (cityHeading.count ?? 0) + 1
    addOption(location, 'all')
  }
  return { rows, options: optionIndex }
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

/** A list over rows already built (the grouped list, with headings). */
export function eagerRowList(built: {
  rows: readonly PickerRow[]
  options: number
}): PickerRowList {
  const optionRows: number[] = []
  built.rows.forEach((row, rowIndex) => {
    if (row.kind === 'option') optionRows.push(rowIndex)
  })
  return {
    count: built.rows.length,
    options: built.options,
    optionsOnly: optionRows.length === built.rows.length,
    at: (rowIndex) => built.rows[rowIndex],
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
      let row = made.get(rowIndex)
      const result = results[rowIndex]
      if (row === undefined && result !== undefined) {
        const key = pickerLocationKey(result.location)
        row = {
          kind: 'option',
          id: `opt-all-${key}`,
          location: result.location,
          optionIndex: rowIndex,
          saved: savedKeys.has(key)
        }
        made.set(rowIndex, row)
      }
      return row
    },
    rowOfOption: (optionIndex) =>
      optionIndex >= 0 && optionIndex < results.length ? optionIndex : undefined
  }
}
