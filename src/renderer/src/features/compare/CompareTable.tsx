import { useEffect, useRef } from 'react'
import { ScrollCue } from '../../components/ScrollCue'
import { provenanceTitle, SourceBadge, StaleBadge } from '../../components/Provenance'
import { Skeleton } from '../../components/Skeleton'
import { CloseIcon } from '../../components/icons'
import { useNow } from '../../components/use-now'
import { formatDateTime } from '../../lib/format'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import { oldestTime } from '../../lib/staleness'
import type { CellValue, MetricRow } from './compare-model'

function CompareCell(props: { cell: CellValue; best: boolean }) {
  const { cell } = props
  switch (cell.status) {
    case 'loading':
      return <Skeleton width={72} />
    case 'no-data':
      return (
        <span className="cell-no-data" title={cell.reason}>
          No data
        </span>
      )
    case 'error':
      return (
        <span className="cell-error" title={cell.error.message}>
          — <span className="badge mono">{cell.error.code}</span>
        </span>
      )
    case 'ok':
      return (
        <span title={`${cell.tooltip}\n${provenanceTitle(cell.meta)}`}>
          {cell.text}
          {props.best ? <span className="best-mark">Best</span> : null}
        </span>
      )
  }
}

/** Locations side by side (columns) × price / yield / growth (rows), best per row highlighted. */
export function CompareTable(props: {
  refs: readonly LocationRef[]
  rows: readonly MetricRow[]
  onRemove: (ref: LocationRef) => void
}) {
  const now = useNow()
  const removeButtons = useRef(new Map<string, HTMLButtonElement>())
  // After a column is removed its button is gone: focus moves to the next column's, or the
  // previous one's (the last column), instead of falling to the page body.
  const focusAfterRemove = useRef<string | undefined>(undefined)
  useEffect(() => {
    const key = focusAfterRemove.current
    if (key === undefined) return
    focusAfterRemove.current = undefined
    removeButtons.current.get(key)?.focus()
  }, [props.refs])
  const remove = (ref: LocationRef, index: number) => {
    const neighbour = props.refs[index + 1] ?? props.refs[index - 1]
    focusAfterRemove.current = neighbour ? locationKey(neighbour) : undefined
    props.onRemove(ref)
  }
  return (
    <ScrollCue className="compare-scroll" label="Compared locations, side by side">
      <table className="table compare-table" data-testid="compare-table">
        <caption className="visually-hidden">Compared locations</caption>
        <thead>
          <tr>
            <th scope="col" className="compare-metric-col">
              Metric
            </th>
            {props.refs.map((ref, index) => (
              <th scope="col" key={locationKey(ref)} className="compare-location-col">
                <div className="compare-location">
                  <div>
                    <div className="compare-location-name">{ref.name}</div>
                    <div className="compare-location-place">
                      {ref.city ? `${ref.city}, ` : ''}
                      {ref.countryCode}
                    </div>
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small compare-remove"
                    aria-label={`Remove ${ref.name} from compare`}
                    ref={(button) => {
                      if (button) removeButtons.current.set(locationKey(ref), button)
                      else removeButtons.current.delete(locationKey(ref))
                    }}
                    onClick={() => remove(ref, index)}
                  >
                    <CloseIcon size={12} />
                  </button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.id} data-metric={row.id}>
              <th scope="row">
                {row.label}
                <span className="compare-rule">
                  {row.rule === 'lowest' ? 'lowest is best' : 'highest is best'}
                </span>
              </th>
              {row.cells.map((cell, index) => {
                const best = row.best.has(index)
                return (
                  <td
                    key={index}
                    className={`num ${best ? 'is-best' : ''}`}
                    data-best={best ? 'true' : undefined}
                  >
                    <CompareCell cell={cell} best={best} />
                  </td>
                )
              })}
            </tr>
          ))}
          <tr className="compare-asof">
            <th scope="row">As of</th>
            {props.refs.map((ref, index) => {
              const metas = props.rows.flatMap((row) => {
                const cell = row.cells[index]
                return cell?.status === 'ok' ? [cell.meta] : []
              })
              const asOf = oldestTime(metas.map((meta) => meta.fetchedAt))
              const source = metas[0]?.source
              return (
                <td key={locationKey(ref)} className="num">
                  {asOf && source ? (
                    <span className="compare-asof-cell">
                      <SourceBadge source={source} />
                      <span className="muted">{formatDateTime(asOf)}</span>
                      <StaleBadge fetchedAt={asOf} now={now} />
                    </span>
                  ) : (
                    <span className="faint">—</span>
                  )}
                </td>
              )
            })}
          </tr>
        </tbody>
      </table>
    </ScrollCue>
  )
}
