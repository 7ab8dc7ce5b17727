import { useId } from 'react'
import type { ReactNode } from 'react'
import type { FigureCellState } from '../data/location-figures'
import { isStale } from '../lib/staleness'
import { plainMessage } from './ErrorNotice'
import { provenanceTitle } from './Provenance'
import { Skeleton } from './Skeleton'
import './converted-figure.css'
import './tooltip.css'

/** Shows `tip` on hover and keyboard focus; screen readers get it as a description. */
function Tooltip(props: { tip: string; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <span className={`tooltip-anchor ${props.className ?? ''}`} tabIndex={0} aria-describedby={id}>
      {props.children}
      <span role="tooltip" id={id} className="tooltip">
        {props.tip}
      </span>
    </span>
  )
}

/** A growth figure's other reading, on a line under it: "≈ +60% over 2020–25". */
export function OtherReading(props: { text: string | undefined }) {
  return props.text ? (
    <span className="other-reading" data-testid="other-reading">
      {props.text}
    </span>
  ) : null
}

/**
 * One figure as the location screen and Compare show it (lib/figure-cells builds it): a skeleton
 * while loading, "No data" (why, as its title), why it failed, or its value with its tooltip and
 * provenance; under a price, its amount in the display currency; under growth, its other reading.
 * With `now`, a stale figure says so in its tip, and with `markStale` by a dot too (only useful
 * when some figures are fresh and some not). `children` follow the value (Compare's best mark).
 */
export function FigureCellView(props: {
  cell: FigureCellState
  now?: number
  markStale?: boolean
  children?: ReactNode
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
    case 'error': {
      // Offline without a copy, or cancelled: a figure not there, shown as "No data" is, not red.
      const absent = cell.error.code === 'OFFLINE' || cell.error.code === 'CANCELLED'
      return (
        <span className={absent ? 'cell-no-data' : 'cell-error'} title={plainMessage(cell.error)}>
          {cell.error.code === 'CANCELLED'
            ? 'Cancelled'
            : cell.error.code === 'OFFLINE'
              ? 'Not cached'
              : cell.error.notSent
                ? 'Not sent'
                : 'Failed'}
          <span className="visually-hidden">: {plainMessage(cell.error)}</span>
        </span>
      )
    }
    case 'ok': {
      const stale = props.now !== undefined && isStale(cell.meta.fetchedAt, props.now)
      const tip = `${cell.tooltip} · ${provenanceTitle(cell.meta)}${stale ? ' · stale' : ''}`
      const tone =
        cell.readings && cell.value !== 0 ? (cell.value > 0 ? 'tone-up' : 'tone-down') : ''
      return (
        <>
          <Tooltip tip={tip} className={`cell-value ${tone}`}>
            {cell.text}
            {stale && props.markStale ? (
              <span className="stale-dot" aria-label="stale" role="img" />
            ) : null}
          </Tooltip>
          {cell.converted ? (
            <span className="converted-figure" data-testid="converted-figure">
              {/* Two unbreakable halves: a narrow column wraps between them, not in a number. */}
              <span className="converted-part">
                {cell.converted.approx}
                {cell.unit ? ` / ${cell.unit}` : ''}
              </span>{' '}
              <span className="converted-part">{cell.converted.rate}</span>
            </span>
          ) : null}
          <OtherReading text={cell.readings?.other} />
          {props.children}
        </>
      )
    }
  }
}
