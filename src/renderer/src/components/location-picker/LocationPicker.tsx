import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import type { Location, Sector } from '@shared/spec'
import { useLocations } from '../../data/use-locations'
import { useStores } from '../../data/app-deps'
import { SEARCH_SHORTCUT_KEYS } from '../search-shortcut'
import type { FocusRequest } from '../search-shortcut'
import { EmptyState } from '../EmptyState'
import { SearchIcon } from '../icons'
import { Skeleton } from '../Skeleton'
import { ServiceNotice } from '../ServiceNotice'
import { focusIsLost } from '../ScreenHeader'
import { formatNumber, plural } from '../../lib/format'
import { toLocationRef } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import { buildLocationIndex, createLocationSearch } from '../../lib/location-search'
import type { IndexedLocation } from '../../lib/location-search'
import { groupedRowList, pickerLocationKey, rankedRowList } from '../../lib/picker-rows'
import type { PickerRowList } from '../../lib/picker-rows'
import { useStoreValue } from '../../stores/persistent-store'
import { PickerList, optionElementId } from './PickerList'
import './picker.css'

const NO_LOCATIONS: readonly Location[] = []

/**
 * The locations matching `query`, in the same render as the input; `search` answers any query at
 * once (Enter uses it if the list is for another query).
 */
function useLocationSearch(locations: readonly Location[] | undefined, query: string) {
  const index = useMemo(() => buildLocationIndex(locations ?? NO_LOCATIONS), [locations])
  const search = useMemo(() => createLocationSearch(index), [index])
  const results = useMemo(() => search(query), [search, query])

  // Build the typo word list while the user reads the list, not on their fourth keystroke.
  useEffect(() => {
    if (index.entries.length === 0) return
    const timer = setTimeout(() => index.typos.prepare(), 300)
    return () => clearTimeout(timer)
  }, [index])

  return { index, results, search }
}

/** The saved or recent locations of one sector, as the service lists locations. */
function locationsOf(refs: readonly LocationRef[], sector: Sector): Location[] {
  return refs
    .filter((ref) => ref.sector === sector)
    .map(({ sector: _sector, countryCode, ...place }) => ({ ...place, country_code: countryCode }))
}

/**
 * Search-as-you-type location picker (combobox + virtualised listbox). ArrowUp/Down move, Enter
 * chooses, Escape clears. Saved and recent locations come first while the query is empty; search
 * results are listed best first.
 */
export function LocationPicker(props: {
  sector: Sector
  onChoose: (location: LocationRef) => void
  label: string
  /** The query, when the owner keeps it (Explore keeps it across sectors and screens). */
  query?: string
  onQueryChange?: (query: string) => void
  /** `always`: focus the search box on mount; `if-lost`: only when nothing else has focus. */
  autoFocus?: 'always' | 'if-lost'
  focusRequest?: FocusRequest
}) {
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)
  const stores = useStores()
  const savedRefs = useStoreValue(stores.saved)
  const recentRefs = useStoreValue(stores.recent)
  const locations = useLocations(props.sector)
  const [ownQuery, setOwnQuery] = useState('')
  const query = props.query ?? ownQuery
  const setQuery = props.onQueryChange ?? setOwnQuery
  const { index, results, search } = useLocationSearch(locations.data?.data.locations, query)
  const [active, setActive] = useState({ query: '', optionIndex: 0 })
  const activeOptionIndex = active.query === query ? active.optionIndex : 0

  const saved = useMemo(() => locationsOf(savedRefs, props.sector), [savedRefs, props.sector])
  const savedKeys = useMemo(() => new Set(saved.map(pickerLocationKey)), [saved])
  // The full grouped list (the empty query's), built once when first shown, not per keystroke.
  const groupedList = useMemo(() => {
    let built: PickerRowList | undefined
    const recent = locationsOf(recentRefs, props.sector)
    return () => (built ??= groupedRowList({ results: index.entries, saved, recent, savedKeys }))
  }, [index, saved, savedKeys, recentRefs, props.sector])
  const rowsFor = useCallback(
    (found: readonly IndexedLocation[], text: string): PickerRowList =>
      text.trim() === '' ? groupedList() : rankedRowList(found, savedKeys),
    [groupedList, savedKeys]
  )
  const list = useMemo(() => rowsFor(results, query), [rowsFor, results, query])
  const options = list.options

  const activeRowIndex = list.rowOfOption(activeOptionIndex)
  const activeRow = activeRowIndex === undefined ? undefined : list.at(activeRowIndex)

  const autoFocus = props.autoFocus
  useEffect(() => {
    if (autoFocus === 'always' || (autoFocus === 'if-lost' && focusIsLost())) input.current?.focus()
  }, [autoFocus])

  const focusRequest = props.focusRequest
  useEffect(() => {
    if (!focusRequest?.claim()) return
    input.current?.focus()
    input.current?.select()
  }, [focusRequest])

  const choose = (location: Location) => props.onChoose(toLocationRef(location, props.sector))

  /** The option Enter picks: the active one of the list shown for exactly what is typed. */
  const optionForEnter = (typed: string) => {
    if (typed === query) return activeRow?.kind === 'option' ? activeRow : undefined
    // The list on screen is for an earlier keystroke: use the list for what is typed now.
    const now = rowsFor(search(typed), typed)
    const first = now.rowOfOption(0)
    return first === undefined ? undefined : now.at(first)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (delta: number) => {
      event.preventDefault()
      if (options === 0) return
      const next = Math.min(options - 1, Math.max(0, activeOptionIndex + delta))
      setActive({ query, optionIndex: next })
    }
    if (event.key === 'ArrowDown') move(1)
    else if (event.key === 'ArrowUp') move(-1)
    else if (event.key === 'PageDown') move(10)
    else if (event.key === 'PageUp') move(-10)
    else if (event.key === 'Enter') {
      const option = optionForEnter(event.currentTarget.value)
      if (option?.kind !== 'option') return
      event.preventDefault()
      choose(option.location)
    } else if (event.key === 'Escape' && query) {
      event.preventDefault()
      setQuery('')
    }
  }

  const total = index.entries.length
  const listShown = !locations.isPending && list.count > 0
  return (
    <div className="picker">
      <div className="picker-search">
        <SearchIcon className="picker-search-icon" />
        <input
          ref={input}
          className="input picker-input"
          type="search"
          role="combobox"
          aria-label="Search locations by name, city or country"
          aria-expanded={listShown}
          aria-controls={listShown ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={
            activeRow?.kind === 'option' ? optionElementId(listId, activeRow) : undefined
          }
          placeholder="Search by name, city or country…"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="location-search"
        />
        <kbd aria-hidden="true">{SEARCH_SHORTCUT_KEYS.join(' ')}</kbd>
      </div>
      <div
        className="small muted"
        aria-live="polite"
        data-testid="location-count"
        // The query the list on screen answers (the bench times keystroke → list painted).
        data-query={query}
      >
        {locations.isPending
          ? 'Loading locations…'
          : !locations.data
            ? 'The location list could not be loaded.'
            : query.trim()
              ? `${plural(results.length, 'match', 'matches')} of ${formatNumber(total)}`
              : `${plural(total, 'location')} in ${plural(index.countryCount, 'country', 'countries')}`}
      </div>
      <ServiceNotice
        busy={locations.isFetching}
        error={locations.error}
        onRetry={() => void locations.refetch()}
        context="Loading locations"
        metas={locations.data && [locations.data.meta]}
      />
      {locations.isPending ? (
        <div className="picker-loading card" aria-label="Loading locations">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} width={`${60 - (i % 3) * 12}%`} />
          ))}
        </div>
      ) : list.count === 0 && locations.data ? (
        <EmptyState title={total === 0 ? 'No locations' : 'No matches'} testId="picker-empty">
          {total === 0
            ? `The service lists no ${props.sector} locations.`
            : `Nothing matches “${query}”. Try a city or country name.`}
        </EmptyState>
      ) : (
        <PickerList
          listId={listId}
          label={props.label}
          rows={list}
          activeRowIndex={activeRowIndex}
          onActivate={(optionIndex) => setActive({ query, optionIndex })}
          onChoose={choose}
        />
      )}
    </div>
  )
}
