import { useEffect, useRef, useState } from 'react'
import { GROWTH_MEANING_WORDS } from '@shared/growth'
import type { Settings } from '@shared/settings'
import type { LookupRequest } from '@shared/contract'
import { useStores } from '../../data/app-deps'
import { useLocations } from '../../data/use-locations'
import { useSaveCsv } from '../../components/use-save-export'
import { useMenuExport } from '../../components/menu-export'
import { ErrorNotice, plainMessage } from '../../components/ErrorNotice'
import { ServiceNotice } from '../../components/ServiceNotice'
import { useServiceState, useUserRequest } from '../../data/use-service-state'
import { DownloadIcon, PlusIcon } from '../../components/icons'
import { ProgressBar } from '../../components/ProgressBar'
import { MakeOffline } from '../../components/MakeOffline'
import { ProvenanceBar } from '../../components/Provenance'
import { ScreenHeader } from '../../components/ScreenHeader'
import { Skeleton } from '../../components/Skeleton'
import { useToast } from '../../components/Toasts'
import { addToCompare, MAX_COMPARE } from '../../stores/app-stores'
import type { RankingsView } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'
import { bedTypeLabel } from '@shared/bed-types'
import { buildRankingsCsv } from './rankings-csv'
import { STATE_WORDS } from './rankings-cells'
import type { RankRow } from './rankings-cells'
import { bestFirst } from './rankings-sort'
import type { ColumnStandings, SortColumn, SortState } from './rankings-sort'
import { RankingsFilters } from './RankingsFilters'
import { RankingsNotes } from './RankingsNotes'
import { RankingsTable } from './RankingsTable'
import { RefreshAll } from './RefreshAll'
import { FetchConfirm } from './FetchConfirm'
import { useFetchLookups } from './rankings-lookups'
import { useFilteredRows, usePlaces, useRankedRows, useRankingsScope } from './use-rankings'
import './rankings.css'

/** Waits this long after the filter changes before fetching, so typing does not fetch. */
const FETCH_DELAY_MS = 400
const NO_STANDINGS: ReadonlyMap<string, ColumnStandings> = new Map()

export function RankingsScreen(props: { settings: Settings }) {
  const { settings } = props
  const stores = useStores()
  const notify = useToast()
  const saveCsv = useSaveCsv()
  const view = useStoreValue(stores.rankingsView)
  const display = useStoreValue(stores.displayCurrency)
  const compare = useStoreValue(stores.compare)
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<SortState>({ column: 'yield', direction: 'desc' })
  const [selected, setSelected] = useState<ReadonlyMap<string, RankRow>>(new Map())
  const locations = useLocations(view.sector)
  const list = locations.data?.data.locations
  const bedTypes = settings.bedTypes
  const scope = useRankingsScope(view, bedTypes)
  const places = usePlaces(list, view.country)
  const requests = useFilteredRows(list, view, query, scope)
  const fetcher = useFetchLookups()
  const { busy, fetchLookups } = fetcher
  const ranked = useRankedRows(requests, sort, scope, settings, display, busy)
  const { rows, standings, specs, all, missing, failed, firstError, sort: effectiveSort } = ranked
  const offline = settings.offlineMode
  const overLimit = missing.length > view.confirmAbove
  const filterKey = `${scope.sector}|${scope.type}|${scope.beds}|${view.country}|${view.city}|${query}`
  const [autoFetched, setAutoFetched] = useState<string | null>(null)
  // One automatic fetch per filter choice, of what nothing answered yet; after a failure nothing
  // is asked again until the user does. Until it starts, neither "not fetched yet" nor a ranking
  // of the few rows already cached is shown: both would flash before the progress bar.
  const autoFetchDue =
    !busy && !offline && !overLimit && missing.length > 0 && autoFetched !== filterKey

  useEffect(() => {
    if (!autoFetchDue) return
    const timer = setTimeout(() => {
      setAutoFetched(filterKey)
      void fetchLookups(missing)
    }, FETCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [autoFetchDue, missing, filterKey, fetchLookups])

  // What the user asks for is sent even while main's quota guard holds, pauses or stops lookups.
  const userRequest = useUserRequest()
  const askFor = (lookups: readonly LookupRequest[]) =>
    void userRequest(() => fetchLookups(lookups))
  const retryable = [...failed, ...missing]
  const retryAll = () => fetchLookups(retryable)
  // While main's quota guard has paused or stopped lookups, its error says why, once.
  const { state: service } = useServiceState()
  const guardStopped = service.kind === 'paused' || service.kind === 'stopped'

  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + 1)
  const room = Math.max(0, MAX_COMPARE - compare.length)

  const changeView = (patch: Partial<RankingsView>) => {
    stores.rankingsView.set((previous) => ({ ...previous, ...patch }))
    setSelected(new Map())
  }
  const onSort = (column: SortColumn) => {
    const spec = specs.find((s) => s.id === column)
    const firstDirection = spec ? bestFirst(spec) : 'asc'
    const flipped = effectiveSort.direction === 'asc' ? 'desc' : 'asc'
    setSort({ column, direction: effectiveSort.column === column ? flipped : firstDirection })
  }
  const toggle = (row: RankRow) =>
    setSelected((previous) => {
      const next = new Map(previous)
      if (next.has(row.key)) next.delete(row.key)
      else if (next.size < room) next.set(row.key, row)
      return next
    })
  const addSelected = () => {
    const chosen = [...selected.values()]
    stores.compare.set((current) =>
      chosen.reduce((list, row) => addToCompare(list, row.requests.ref), current)
    )
    if (scope.sector === 'residential')
      stores.compareView.set({ type: scope.type, beds: scope.beds })
    notify({
      tone: 'success',
      title: `Added ${chosen.length} to compare`,
      detail: chosen.map((row) => row.requests.ref.name).join(', ')
    })
    setSelected(new Map())
  }
  const exportCsv = () =>
    saveCsv('rankings', () => {
      const sortedSpec = specs.find((spec) => spec.id === effectiveSort.column)
      const sorted = { spec: sortedSpec, standings: sortedSpec && standings.get(sortedSpec.id) }
      const land = scope.sector === 'land'
      const filters = [
        view.country && `country ${view.country}`,
        view.city && `city ${view.city}`,
        query.trim() && `search "${query.trim()}"`
      ].filter(Boolean)
      return buildRankingsCsv(rows, specs, sorted, display.currency, {
        sector: scope.sector,
        transaction: land ? '' : scope.type,
        beds: land ? '' : bedTypeLabel(scope.beds, bedTypes),
        growthBasis: GROWTH_MEANING_WORDS[settings.growthMeaning],
        filter: filters.length > 0 ? filters.join(', ') : 'all locations'
      })
    })
  const screen = useRef<HTMLDivElement>(null)
  useMenuExport('csv', screen, exportCsv, rows.length > 0)
  const summary = [
    `${rows.length.toLocaleString()} locations`,
    ...Object.entries(STATE_WORDS).flatMap(([state, words]) => {
      const count = counts.get(state) ?? 0
      return count > 0 || state === 'ok' ? [`${count.toLocaleString()} ${words}`] : []
    })
  ].join(' · ')

  return (
    <div className="screen rankings-screen" data-testid="screen-rankings" ref={screen}>
      <ScreenHeader title="Rankings" subtitle={summary} subtitleTestId="rankings-summary">
        <button
          type="button"
          className="btn"
          onClick={addSelected}
          disabled={selected.size === 0}
          data-testid="rankings-add-compare"
        >
          <PlusIcon size={14} /> Add {selected.size > 0 ? selected.size : ''} to compare
        </button>
        <button
          type="button"
          className="btn"
          onClick={exportCsv}
          disabled={rows.length === 0}
          data-testid="rankings-export-csv"
        >
          <DownloadIcon size={14} /> Export CSV
        </button>
        <MakeOffline
          locations={[...selected.values()].map((row) => row.requests.ref)}
          settings={settings}
          label={selected.size > 0 ? `Make ${selected.size} available offline` : undefined}
        />
      </ScreenHeader>
      <RankingsFilters
        view={view}
        beds={scope.beds}
        bedTypes={bedTypes}
        countries={places.countries}
        cities={places.cities}
        query={query}
        onQuery={setQuery}
        onChange={changeView}
      />
      <div className="cluster rankings-status small">
        <span className="cluster">
          <ProvenanceBar
            metas={rows.flatMap((row) => row.metas)}
            label="ranked figures"
            locations={rows.map((row) => row.requests.ref)}
          />
          <RefreshAll
            lookups={all.length}
            confirmAbove={view.confirmAbove}
            disabled={busy || offline}
            onRefresh={() => askFor(all)}
          />
        </span>
        <span className="muted" data-testid="rankings-currency-mode">
          {display.currency
            ? `Prices ranked as converted to ${display.currency} (your rates)`
            : 'Prices ranked within each currency'}
        </span>
        <span className="muted" data-testid="rankings-selection">
          {selected.size} selected · compare holds {compare.length} of {MAX_COMPARE}
        </span>
      </div>
      <ProgressBar
        label="Looking up figures"
        progress={fetcher.progress}
        onCancel={fetcher.cancel}
      />
      {!busy && !autoFetchDue && missing.length > 0 ? (
        <FetchConfirm
          missing={missing.length}
          locations={rows.length}
          confirmAbove={view.confirmAbove}
          offline={offline}
          overLimit={overLimit}
          onFetch={() => askFor(missing)}
          onConfirmAbove={(confirmAbove) => changeView({ confirmAbove })}
        />
      ) : null}
      <ServiceNotice busy={busy} error={guardStopped ? firstError : undefined} onRetry={retryAll} />
      {!busy && !guardStopped && failed.length > 0 ? (
        <p className="notice" role="note" data-testid="rankings-failed">
          {failed.length} lookups failed or were not sent; their rows are marked and not ranked.{' '}
          {firstError ? plainMessage(firstError) : null}{' '}
          <button type="button" className="btn btn-small" onClick={() => askFor(retryable)}>
            Retry failed
          </button>
        </p>
      ) : null}
      {locations.error ? (
        <ErrorNotice error={locations.error} onRetry={() => void locations.refetch()} />
      ) : locations.isPending ? (
        <Skeleton width="60%" label="Loading locations" />
      ) : (
        <RankingsTable
          rows={rows}
          specs={specs}
          standings={autoFetchDue ? NO_STANDINGS : standings}
          sort={effectiveSort}
          onSort={onSort}
          selected={new Set(selected.keys())}
          canSelectMore={selected.size < room}
          onToggle={toggle}
        />
      )}
      <RankingsNotes rows={rows} specs={specs} display={display} settings={settings} />
    </div>
  )
}
