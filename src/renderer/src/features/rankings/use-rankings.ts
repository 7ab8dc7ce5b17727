import { useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { bedValues } from '@shared/bed-types'
import type { Settings } from '@shared/settings'
import type { LookupRequest } from '@shared/contract'
import type { Location } from '@shared/spec'
import { nextSmallerBeds } from '../../lib/bedroom-premium'
import { bedsOrDefault } from '../../lib/beds'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import { locationKey, toLocationRef } from '../../lib/location-ref'
import { buildLocationIndex, filterEntries, nameCollator } from '../../lib/location-search'
import type { RankingsView } from '../../stores/app-stores'
import { useMarketCacheVersion } from '../../data/use-offline-cache'
import { buildRow, rankingColumns } from './rankings-cells'
import { lookupStateIn, rowRequests, unansweredLookups } from './rankings-lookups'
import type { RankingsScope, RowRequests } from './rankings-lookups'
import { columnStandings, shownSort, sortRows } from './rankings-sort'
import type { SortState } from './rankings-sort'
import type { SelectOption } from '../../components/SelectField'

/** What is ranked: the same object while the sector, type, bed type and bed types stay. */
export function useRankingsScope(view: RankingsView, bedTypes: Settings['bedTypes']) {
  const { sector, type, beds: chosen } = view
  return useMemo((): RankingsScope => {
    const beds = bedsOrDefault(bedTypes, chosen)
    const smallerBeds =
      sector === 'residential' ? nextSmallerBeds(bedValues(bedTypes), beds) : undefined
    return { sector, type, beds, smallerBeds }
  }, [sector, type, chosen, bedTypes])
}

/** Countries and the chosen country's cities, from the locations list. */
export function usePlaces(locations: readonly Location[] | undefined, country: string) {
  return useMemo(() => {
    const countries = new Map<string, string>()
    const cities = new Set<string>()
    for (const location of locations ?? []) {
      const code = location.country_code.toUpperCase()
      countries.set(code, location.country)
      if (!country || code === country) cities.add(location.city)
    }
    const countryList: SelectOption[] = [...countries]
      .sort(([, a], [, b]) => nameCollator.compare(a, b))
      .map(([code, name]) => ({ value: code, label: `${name} (${code})` }))
    return {
      countries: countryList,
      cities: [...cities].filter(Boolean).sort(nameCollator.compare)
    }
  }, [locations, country])
}

/** The locations the filter keeps, each with the lookups its row needs. */
export function useFilteredRows(
  locations: readonly Location[] | undefined,
  view: RankingsView,
  query: string,
  scope: RankingsScope
): RowRequests[] {
  const index = useMemo(() => buildLocationIndex(locations ?? []), [locations])
  const deferredQuery = useDeferredValue(query)
  return useMemo(() => {
    const country = view.country
    const city = view.city
    const placed = index.entries.filter(
      ({ location }) =>
        (!country || location.country_code.toUpperCase() === country) &&
        (!city || location.city === city)
    )
    return filterEntries(placed, deferredQuery).map(({ location }) =>
      rowRequests(toLocationRef(location, scope.sector), scope)
    )
  }, [index, view.country, view.city, deferredQuery, scope])
}

/**
 * Rows with their figures, standings per column, in the chosen order, and what is still to
 * fetch. The figures are read from the query cache (the offline cache restored into it, and every
 * screen's answers); the rows are rebuilt when market queries change, at most a few times a second,
 * and when a fetch starts or ends (`busy`), so they agree with it.
 */
export function useRankedRows(
  requests: readonly RowRequests[],
  sort: SortState,
  scope: RankingsScope,
  settings: Pick<Settings, 'growthUnit' | 'growthMeaning' | 'rentPeriod'>,
  display: DisplayCurrencyPrefs,
  busy: boolean
) {
  const specs = useMemo(
    () => rankingColumns(scope, settings.rentPeriod),
    [scope, settings.rentPeriod]
  )
  const client = useQueryClient()
  const version = useMarketCacheVersion()
  const options = useMemo(() => ({ scope, settings, display }), [scope, settings, display])
  const { built, lookups } = useMemo(() => {
    void [version, busy] // rows and what is still to fetch are re-read whenever these change
    const lookup = (request: LookupRequest) => lookupStateIn(client, request)
    return {
      built: requests.map((row) => buildRow(locationKey(row.ref), row, lookup, options)),
      lookups: unansweredLookups(client, requests)
    }
  }, [requests, client, version, busy, options])
  const standings = useMemo(
    () => new Map(specs.map((spec) => [spec.id, columnStandings(built, spec)] as const)),
    [built, specs]
  )
  const shown = useMemo(() => shownSort(sort, specs), [sort, specs])
  const rows = useMemo(() => sortRows(built, shown), [built, shown])
  // `sort`: the one asked for, unless the scope lacks its column.
  return { rows, standings, specs, sort: shown, ...lookups }
}
