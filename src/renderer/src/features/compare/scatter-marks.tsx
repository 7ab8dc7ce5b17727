import { Symbols } from 'recharts'
import type { ComparePoint } from './compare-chart-data'

function isComparePoint(value: unknown): value is ComparePoint {
  return typeof value === 'object' && value !== null && 'name' in value && 'growth' in value
}

/** What a point says to a screen reader: the location and both figures. */
function describePoint(point: ComparePoint): string {
  return `${point.name}: gross yield ${point.yieldText ?? 'no figure'}, growth ${point.growthText ?? 'no figure'}`
}

/**
 * One location on the yield-vs-growth chart: a Tab stop that names its location and figures, so
 * the chart can be read point by point without seeing it.
 */
export function ScatterPoint(props: {
  cx?: number
  cy?: number
  fill?: string
  payload?: unknown
}) {
  const { cx, cy, payload } = props
  if (cx === undefined || cy === undefined || !isComparePoint(payload)) return null
  const label = describePoint(payload)
  return (
    <g className="scatter-point" tabIndex={0} role="img" aria-label={label}>
      <Symbols cx={cx} cy={cy} type="circle" size={96} fill={props.fill ?? payload.color} />
    </g>
  )
}

/** Yield-vs-growth tooltip: the location's name and both figures, each with one unit. */
export function ScatterTooltip(props: {
  active?: boolean
  payload?: ReadonlyArray<{ payload?: unknown }>
}) {
  const point = props.payload?.[0]?.payload
  if (!props.active || !isComparePoint(point)) return null
  return (
    <div className="chart-tooltip" data-testid="scatter-tooltip">
      <strong>{point.name}</strong>
      <span>Gross yield {point.yieldText ?? '—'}</span>
      <span>Growth {point.growthText ?? '—'}</span>
    </div>
  )
}
