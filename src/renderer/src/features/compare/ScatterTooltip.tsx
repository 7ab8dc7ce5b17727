import { formatGrowth, formatPercent } from '../../lib/format'
import { isComparePoint } from './ScatterPoint'

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
      <span>Gross yield {point.yield === null ? '—' : formatPercent(point.yield / 100)}</span>
      <span>Growth {point.growth === null ? '—' : formatGrowth(point.growth / 100)}</span>
    </div>
  )
}
