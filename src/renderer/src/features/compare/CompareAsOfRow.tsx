import type { Provenance } from '../../data/market-result'
import { SourceBadge, StaleBadge } from '../../components/Provenance'
import { useNow } from '../../components/use-now'
import { useExpiredOn } from '../../data/use-expiry'
import { formatAge, formatDateTime } from '../../lib/format'
import { locationKey } from '../../lib/location-ref'
import { isStale, oldestTime } from '../../lib/staleness'
import type { CompareColumn } from './compare-model'

/** Columns fetched within this span of each other read as fetched "at the same time". */
const SAME_TIME_MS = 60 * 60 * 1000

interface ColumnAsOf {
  source: Provenance['source']
  asOf: string
}

function columnAsOf({ metas }: CompareColumn): ColumnAsOf | undefined {
  const asOf = oldestTime(metas.map((meta) => meta.fetchedAt))
  const source = metas[0]?.source
  return asOf && source ? { source, asOf } : undefined
}

/**
 * True when every column with figures shares source, staleness and (within an hour) time, or
 * none has figures yet. Columns without figures (no data, still loading) do not split it.
 */
function sharedAsOf(columns: ReadonlyArray<ColumnAsOf | undefined>, now: number): boolean {
  const known = columns.filter((column): column is ColumnAsOf => column !== undefined)
  if (known.length === 0) return true
  const times = known.map((column) => new Date(column.asOf).getTime())
  const sameSource = new Set(known.map((column) => column.source)).size === 1
  const sameStaleness = new Set(known.map((column) => isStale(column.asOf, now))).size === 1
  return sameSource && sameStaleness && Math.max(...times) - Math.min(...times) <= SAME_TIME_MS
}

/**
 * Where each column's figures come from and when, only when that differs between columns: when
 * it is the same for all, the provenance bar above the table already says it once.
 */
export function CompareAsOfRow(props: { columns: readonly CompareColumn[] }) {
  const now = useNow()
  const expiredOn = useExpiredOn()
  const columns = props.columns.map(columnAsOf)
  if (sharedAsOf(columns, now)) return null
  const mixedSources = new Set(columns.map((column) => column?.source)).size > 1
  return (
    <tr className="compare-asof" data-testid="compare-asof">
      <th scope="row">As of</th>
      {props.columns.map(({ ref }, index) => {
        const column = columns[index]
        return (
          <td key={locationKey(ref)} className="num">
            {column ? (
              <span className="compare-asof-cell">
                {mixedSources ? <SourceBadge source={column.source} /> : null}
                <span className="muted" title={formatDateTime(column.asOf)}>
                  {formatAge(column.asOf, now)}
                </span>
                <StaleBadge
                  fetchedAt={column.asOf}
                  now={now}
                  expired={expiredOn(column.asOf, [ref], now)}
                />
              </span>
            ) : (
              <span className="faint">—</span>
            )}
          </td>
        )
      })}
    </tr>
  )
}
