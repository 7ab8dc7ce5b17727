import type { Provenance } from '../../api/market-result'
import { SourceBadge, StaleBadge } from '../../components/Provenance'
import { useNow } from '../../components/use-now'
import { formatAge, formatDateTime } from '../../lib/format'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import { isStale, oldestTime } from '../../lib/staleness'
import type { MetricRow } from './compare-model'

/** Columns fetched within this span of each other read as fetched "at the same time". */
const SAME_TIME_MS = 60 * 60 * 1000

interface ColumnAsOf {
  source: Provenance['source']
  asOf: string
}

function columnAsOf(rows: readonly MetricRow[], index: number): ColumnAsOf | undefined {
  const metas = rows.flatMap((row) => {
    const cell = row.cells[index]
    return cell?.status === 'ok' ? [cell.meta] : []
  })
  const asOf = oldestTime(metas.map((meta) => meta.fetchedAt))
  const source = metas[0]?.source
  return asOf && source ? { source, asOf } : undefined
}

/**
 * One as-of for all columns with figures when they share source, staleness and (within an hour)
 * time. Columns without figures (no data, still loading) do not split it.
 */
function sharedAsOf(columns: ReadonlyArray<ColumnAsOf | undefined>, now: number) {
  const known = columns.filter((column): column is ColumnAsOf => column !== undefined)
  if (known.length === 0) return undefined
  const times = known.map((column) => new Date(column.asOf).getTime())
  const sameSource = new Set(known.map((column) => column.source)).size === 1
  const sameStaleness = new Set(known.map((column) => isStale(column.asOf, now))).size === 1
  const closeInTime = Math.max(...times) - Math.min(...times) <= SAME_TIME_MS
  if (!sameSource || !sameStaleness || !closeInTime) return undefined
  const oldest = oldestTime(known.map((column) => column.asOf))
  return oldest ? { source: known[0]?.source ?? 'unknown', asOf: oldest } : undefined
}

/** Where each column's figures come from and when, written once when that is the same for all. */
export function CompareAsOfRow(props: {
  refs: readonly LocationRef[]
  rows: readonly MetricRow[]
}) {
  const now = useNow()
  const columns = props.refs.map((_, index) => columnAsOf(props.rows, index))
  const shared = sharedAsOf(columns, now)
  const mixedSources = new Set(columns.map((column) => column?.source)).size > 1
  return (
    <tr className="compare-asof">
      <th scope="row">As of</th>
      {shared ? (
        <td colSpan={props.refs.length} className="compare-asof-shared">
          <span className="compare-asof-cell">
            <SourceBadge source={shared.source} />
            <span className="muted">
              {formatDateTime(shared.asOf)} ({formatAge(shared.asOf, now)})
            </span>
            <StaleBadge fetchedAt={shared.asOf} now={now} />
          </span>
        </td>
      ) : (
        props.refs.map((ref, index) => {
          const column = columns[index]
          return (
            <td key={locationKey(ref)} className="num">
              {column ? (
                <span className="compare-asof-cell">
                  {mixedSources ? <SourceBadge source={column.source} /> : null}
                  <span className="muted" title={formatDateTime(column.asOf)}>
                    {formatAge(column.asOf, now)}
                  </span>
                  <StaleBadge fetchedAt={column.asOf} now={now} />
                </span>
              ) : (
                <span className="faint">—</span>
              )}
            </td>
          )
        })
      )}
    </tr>
  )
}
