import { useId } from 'react'
import { ScrollCue } from '../../components/ScrollCue'
import { CloseIcon } from '../../components/icons'
import { FigureCellView } from '../../components/FigureCellView'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import { CompareAsOfRow } from './CompareAsOfRow'
import type { CompareColumn, MetricRow } from './compare-model'

/** Locations side by side (columns) × price / yield / growth (rows), best per row highlighted. */
export function CompareTable(props: {
  /** What every figure is for (the bed type), shown above the table. */
  caption: string
  columns: readonly CompareColumn[]
  rows: readonly MetricRow[]
  colors: ReadonlyMap<string, string>
  onRemove: (ref: LocationRef) => void
}) {
  const captionId = useId()
  // The caption is a heading outside the sideways-scrolling box, so it never scrolls away.
  return (
    <>
      <h2 className="compare-caption" id={captionId} data-testid="compare-caption">
        {props.caption}
      </h2>
      <ScrollCue className="card" label="Compared locations, side by side">
        <table
          className="table compare-table"
          data-testid="compare-table"
          aria-labelledby={captionId}
        >
          <thead>
            <tr>
              <th scope="col" className="compare-metric-col">
                Metric
              </th>
              {props.columns.map(({ ref }) => (
                <th scope="col" key={locationKey(ref)} className="compare-location-col">
                  <div className="compare-location">
                    <span
                      className="swatch compare-swatch"
                      style={{ background: props.colors.get(locationKey(ref)) }}
                      aria-hidden="true"
                    />
                    <div className="row-text">
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
                      onClick={() => props.onRemove(ref)}
                    >
                      <CloseIcon size={12} />
                    </button>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => {
              const soFar = row.pending.length > 0
              return (
                <tr key={row.id} data-metric={row.id}>
                  <th scope="row">
                    {row.label}
                    <span className="th-sub block small faint">
                      {row.mixedUnits ? (
                        <span className="warning-text" data-testid="compare-mixed-units">
                          Mixed currencies ({row.mixedUnits.join(', ')}): not compared
                        </span>
                      ) : (
                        row.ruleText
                      )}
                      {soFar ? (
                        <span className="warning-text">
                          {' '}
                          · {row.pending.length} of {row.cells.length} still loading
                        </span>
                      ) : null}
                    </span>
                  </th>
                  {row.cells.map((cell, index) => {
                    // `true`: best of every column; `so-far`: best of those loaded while others load.
                    const best = row.best.has(index) ? (soFar ? 'so-far' : 'true') : undefined
                    return (
                      <td
                        key={index}
                        className="num"
                        data-best={best}
                        data-pending={cell.status === 'loading' ? 'true' : undefined}
                        data-value={cell.status === 'ok' ? cell.value : undefined}
                      >
                        <FigureCellView cell={cell}>
                          {best ? (
                            <span
                              className={`mark mark-best${best === 'so-far' ? ' mark-so-far' : ''}`}
                            >
                              {best === 'so-far' ? 'Best so far' : 'Best'}
                            </span>
                          ) : null}
                        </FigureCellView>
                      </td>
                    )
                  })}
                </tr>
              )
            })}
            <CompareAsOfRow columns={props.columns} />
          </tbody>
        </table>
      </ScrollCue>
    </>
  )
}
