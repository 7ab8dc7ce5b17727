import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react'
import { locationRoute, navigate, routeToHash } from '../../lib/navigation'
import type { LocationRef } from '../../lib/location-ref'
import { ruleText } from '../../lib/best-value'
import { plainMessage } from '../../components/ErrorNotice'
import { STATE_WORDS } from './rankings-cells'
import type { ColumnSpec, RankCell, RankRow } from './rankings-cells'
import type { CellStanding, ColumnStandings, SortColumn, SortState } from './rankings-sort'

const ROW_HEIGHT = 48
const OVERSCAN = 10

/** A cell's shading, 0 (worst fifth) … 4 (best), for the `.heat` rule. */
export const heatStyle = (heat: number | undefined): CSSProperties | undefined =>
  heat === undefined ? undefined : ({ '--heat': heat } as CSSProperties)

function ValueCell(props: {
  column: string
  cell: RankCell | undefined
  standing: CellStanding | undefined
}) {
  const { cell, standing } = props
  if (!cell) return <td className="num" data-column={props.column} />
  if (cell.status === 'no-data') {
    return (
      <td className="num cell-no-data" title={cell.reason} data-column={props.column}>
        No data
      </td>
    )
  }
  const heat = standing?.heat
  const unranked = cell.rankValue === undefined
  return (
    <td
      className={`num${heat === undefined ? '' : ' heat'}`}
      style={heatStyle(heat)}
      data-column={props.column}
      data-value={cell.value}
      data-heat={heat}
      data-mark={standing?.mark}
      title={[
        cell.tooltip,
        cell.converted && `${cell.converted.approx} ${cell.converted.rate}`,
        cell.unrankedReason && `Not ranked: ${cell.unrankedReason}`
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      {cell.text}
      {standing?.mark ? (
        <span
          className={`mark mark-${standing.mark}${standing.markGroup ? ' rank-mark-grouped' : ''}`}
          title={
            standing.markGroup &&
            `Prices rank within each currency: this is the ${standing.mark} of those in ${standing.markGroup}`
          }
        >
          {standing.mark === 'best' ? 'Best' : 'Worst'}
          {standing.markGroup ? ` in ${standing.markGroup}` : ''}
        </span>
      ) : null}
      {cell.converted ? (
        <span className="rank-converted" title={`${cell.converted.approx} ${cell.converted.rate}`}>
          {cell.converted.approx}
        </span>
      ) : null}
      {cell.readings?.other ? <span className="rank-converted">{cell.readings.other}</span> : null}
      {unranked ? <span className="rank-converted">not ranked</span> : null}
    </td>
  )
}

/** A column's header that sorts by it; a figure column also says which value is best. */
function SortHeader(props: {
  column: SortColumn
  label: string
  spec?: ColumnSpec
  sort: SortState
  onSort: (column: SortColumn) => void
  className: string
}) {
  const { spec } = props
  const active = props.sort.column === props.column
  const ariaSort = active ? (props.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
  return (
    <th scope="col" aria-sort={ariaSort} className={props.className} title={spec && ruleText(spec)}>
      <button
        type="button"
        className="rank-sort"
        onClick={() => props.onSort(props.column)}
        data-testid={`sort-${props.column}`}
      >
        <span>{props.label}</span>
        <span aria-hidden="true">
          {active ? (props.sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
      {spec ? <span className="th-sub block muted">{spec.rule} is best</span> : null}
    </th>
  )
}

/** Every filtered location in one table; only the rows near the viewport are in the page. */
export function RankingsTable(props: {
  rows: readonly RankRow[]
  specs: readonly ColumnSpec[]
  standings: ReadonlyMap<string, ColumnStandings>
  sort: SortState
  onSort: (column: SortColumn) => void
  selected: ReadonlySet<string>
  canSelectMore: boolean
  onToggle: (row: RankRow) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- not memoised (no React Compiler)
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => props.rows[index]?.key ?? index,
    overscan: OVERSCAN
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)
  const sortStanding =
    props.sort.column === 'name' ? undefined : props.standings.get(props.sort.column)
  // Spacer rows above and below the rendered ones keep the scroll height of the whole list.
  const spacer = (height: number) =>
    height > 0 ? (
      <tr aria-hidden="true" className="rank-spacer">
        <td colSpan={props.specs.length + 3} style={{ height }} />
      </tr>
    ) : null

  const open = (event: MouseEvent<HTMLTableRowElement>, ref: LocationRef) => {
    const target = event.target as HTMLElement
    if (target.closest('a, button, input, label')) return
    navigate(locationRoute(ref))
  }

  return (
    <div
      ref={scroller}
      className="rankings-scroll card"
      data-virtual-scroll=""
      data-testid="rankings-scroll"
      tabIndex={0}
      aria-label="Ranked locations (scrolls)"
      role="region"
    >
      <table
        className="table table-sticky-head rankings-table"
        data-testid="rankings-table"
        aria-rowcount={props.rows.length + 1}
      >
        <caption className="visually-hidden">Ranked locations</caption>
        <thead>
          <tr>
            <th scope="col" className="rank-narrow-col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col" className="rank-narrow-col">
              #
            </th>
            <SortHeader
              column="name"
              label="Location"
              sort={props.sort}
              onSort={props.onSort}
              className="rank-name-col"
            />
            {props.specs.map((spec) => (
              <SortHeader
                key={spec.id}
                column={spec.id}
                label={spec.label}
                spec={spec}
                sort={props.sort}
                onSort={props.onSort}
                className="num"
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {spacer(before)}
          {items.map((item) => {
            const row = props.rows[item.index]
            if (!row) return null
            const ref = row.requests.ref
            const checked = props.selected.has(row.key)
            const rank = sortStanding?.get(row.key)?.rank
            return (
              <tr
                key={row.key}
                className={`rank-row rank-row-${row.state}${checked ? ' is-selected' : ''}`}
                data-state={row.state}
                data-key={row.key}
                data-testid="rankings-row"
                aria-rowindex={item.index + 2}
                style={{ height: ROW_HEIGHT }}
                onClick={(event) => open(event, ref)}
              >
                <td className="rank-narrow-col">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && !props.canSelectMore}
                    onChange={() => props.onToggle(row)}
                    aria-label={`Select ${ref.name}`}
                    onKeyDown={(event: KeyboardEvent) => event.stopPropagation()}
                  />
                </td>
                <td className="num rank-narrow-col" data-testid="rank-position">
                  {rank ?? <span className="faint">–</span>}
                </td>
                <td className="rank-name-col">
                  <a href={routeToHash(locationRoute(ref))} className="rank-name" title={ref.name}>
                    {ref.name}
                  </a>
                  <span className="rank-place block small muted">
                    {ref.city ? `${ref.city}, ` : ''}
                    {ref.countryCode}
                  </span>
                </td>
                {row.state === 'ok' ? (
                  props.specs.map((spec) => (
                    <ValueCell
                      key={spec.id}
                      column={spec.id}
                      cell={row.cells[spec.id]}
                      standing={props.standings.get(spec.id)?.get(row.key)}
                    />
                  ))
                ) : (
                  <td
                    colSpan={props.specs.length}
                    className="small muted"
                    title={row.error ? plainMessage(row.error) : undefined}
                  >
                    {/* Why it failed is said once, above the table, not on every row. */}
                    <span className={`rank-state rank-state-${row.state}`}>
                      {STATE_WORDS[row.state]}
                    </span>
                    <span className="faint"> · not ranked</span>
                  </td>
                )}
              </tr>
            )
          })}
          {spacer(after)}
        </tbody>
      </table>
    </div>
  )
}
