import type { ReactNode } from 'react'
import { plainMessage } from '../../components/ErrorNotice'
import { provenanceTitle } from '../../components/Provenance'
import { Skeleton } from '../../components/Skeleton'
import { Tooltip } from '../../components/Tooltip'
import { isStale } from '../../lib/staleness'
import type { CellState } from './residential-matrix-model'

/**
 * One figure of the matrix: loading, value (with provenance tooltip), "No data" or error.
 * With `exact`, the shown (rounded) figure gets a tooltip with the exact one.
 */
export function MatrixCell<T>(props: {
  cell: CellState<T>
  now: number
  render: (data: T) => string
  exact?: (data: T) => string
  tone?: (data: T) => 'up' | 'down' | undefined
  /** A secondary figure under the value (the price in the display currency, growth's other reading). */
  after?: (data: T) => ReactNode
  /** Mark a stale figure with a dot: only useful when some figures are fresh and some not. */
  markStale: boolean
}) {
  const { cell } = props
  switch (cell.status) {
    case 'loading':
      return <Skeleton width={84} />
    case 'no-data':
      return (
        <span
          className="cell-no-data"
          title={cell.remembered ? 'No data for this bed type (remembered)' : 'No data'}
        >
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
      const stale = isStale(cell.value.meta.fetchedAt, props.now)
      const tone = props.tone?.(cell.value.data)
      const about = provenanceTitle(cell.value.meta) + (stale ? ' · stale' : '')
      const className = `cell-value ${tone ? `tone-${tone}` : ''}`
      const shown = (
        <>
          {props.render(cell.value.data)}
          {stale && props.markStale ? (
            <span className="stale-dot" aria-label="stale" role="img" />
          ) : null}
        </>
      )
      return (
        <>
          {props.exact ? (
            <Tooltip tip={`${props.exact(cell.value.data)} · ${about}`} className={className}>
              {shown}
            </Tooltip>
          ) : (
            <span className={className} title={about}>
              {shown}
            </span>
          )}
          {props.after?.(cell.value.data)}
        </>
      )
    }
  }
}
