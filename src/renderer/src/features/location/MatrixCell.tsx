import { ConvertedFigure } from '../../components/ConvertedFigure'
import { plainMessage } from '../../components/ErrorNotice'
import { OtherReading } from '../../components/OtherReading'
import { provenanceTitle } from '../../components/Provenance'
import { Skeleton } from '../../components/Skeleton'
import { Tooltip } from '../../components/Tooltip'
import type { FigureCellState } from '../../data/location-figures'
import { isStale } from '../../lib/staleness'

/**
 * One figure of the matrix: loading, value (its tooltip and provenance), "No data" or error. Under
 * a price, its amount in the display currency; under growth, its other reading.
 */
export function MatrixCell(props: {
  cell: FigureCellState
  now: number
  /** Mark a stale figure with a dot: only useful when some figures are fresh and some not. */
  markStale: boolean
}) {
  const { cell } = props
  switch (cell.status) {
    case 'loading':
      return <Skeleton width={84} />
    case 'no-data':
      return (
        <span className="cell-no-data" title={cell.reason}>
          No data
        </span>
      )
    case 'error':
      return (
        <span className="cell-error" title={plainMessage(cell.error)}>
          — <span className="visually-hidden">{cell.error.message}</span>
        </span>
      )
    case 'ok': {
      const stale = isStale(cell.meta.fetchedAt, props.now)
      const tip = `${cell.tooltip} · ${provenanceTitle(cell.meta)}${stale ? ' · stale' : ''}`
      const shown = (
        <>
          {cell.text}
          {stale && props.markStale ? (
            <span className="stale-dot" aria-label="stale" role="img" />
          ) : null}
        </>
      )
      // Growth keeps its tip as a title: its other reading follows on a line of its own.
      if (cell.readings) {
        const tone = cell.value > 0 ? 'tone-up' : cell.value < 0 ? 'tone-down' : ''
        return (
          <>
            <span className={`cell-value ${tone}`} title={tip}>
              {shown}
            </span>
            <OtherReading text={cell.readings.other} />
          </>
        )
      }
      return (
        <>
          <Tooltip tip={tip} className="cell-value">
            {shown}
          </Tooltip>
          {cell.currency ? <ConvertedFigure amount={cell.value} currency={cell.currency} /> : null}
        </>
      )
    }
  }
}
