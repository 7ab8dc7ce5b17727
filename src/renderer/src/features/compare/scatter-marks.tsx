import { Symbols, usePlotArea, useXAxisScale, useYAxisScale } from 'recharts'
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

interface Box {
  x: number
  y: number
  width: number
  height: number
}

interface LabelSpot {
  x: number
  y: number
  anchor: 'start' | 'end' | 'middle'
}

const LABEL_FONT_SIZE = 11
/** A little over the mean width of an 11 px sans-serif character: estimates err on the wide side. */
const LABEL_CHAR_WIDTH = 6.5
const LABEL_HEIGHT = 14
/** From a point's centre to its name: clear of its marker (radius about 5.5 px, boxed in 12). */
const LABEL_GAP = 9
const MARKER_BOX = 12
/** How much of a name lies left of its anchor. */
const LEFT_SHARE = { start: 0, middle: 0.5, end: 1 } as const

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const inside = (box: Box, area: Box) =>
  box.x >= area.x &&
  box.y >= area.y &&
  box.x + box.width <= area.x + area.width &&
  box.y + box.height <= area.y + area.height

/**
 * Where each point's name goes, in pixels: right of the point, else left, above or below it,
 * wherever it covers no point and no name already placed and stays in the plot. A name with no
 * such spot is left out (undefined): the legend, tooltip and the point's own accessible name
 * still say which location it is.
 */
export function placeLabels(
  points: ReadonlyArray<{ x: number; y: number; name: string }>,
  plot: Box
): Array<LabelSpot | undefined> {
  const half = MARKER_BOX / 2
  const taken: Box[] = points.map(({ x, y }) => ({
    x: x - half,
    y: y - half,
    width: MARKER_BOX,
    height: MARKER_BOX
  }))
  const off = LABEL_GAP + LABEL_HEIGHT / 2
  return points.map(({ x, y, name }) => {
    const width = name.length * LABEL_CHAR_WIDTH
    const boxOf = (spot: LabelSpot): Box => ({
      x: spot.x - width * LEFT_SHARE[spot.anchor],
      y: spot.y - LABEL_HEIGHT / 2,
      width,
      height: LABEL_HEIGHT
    })
    const candidates: LabelSpot[] = [
      { x: x + LABEL_GAP, y, anchor: 'start' },
      { x: x - LABEL_GAP, y, anchor: 'end' },
      { x, y: y - off, anchor: 'middle' },
      { x, y: y + off, anchor: 'middle' }
    ]
    const free = candidates.find((spot) => {
      const box = boxOf(spot)
      return inside(box, plot) && !taken.some((other) => overlaps(box, other))
    })
    if (free) taken.push(boxOf(free))
    return free
  })
}

/** The locations' names beside their points on the yield-vs-growth chart, never over each other. */
export function ScatterLabels(props: { points: readonly ComparePoint[]; color: string }) {
  const xScale = useXAxisScale()
  const yScale = useYAxisScale()
  const plot = usePlotArea()
  if (!xScale || !yScale || !plot) return null
  const shown = props.points.flatMap((point) => {
    const x = xScale(point.yield)
    const y = yScale(point.growth)
    return x === undefined || y === undefined ? [] : [{ key: point.key, name: point.name, x, y }]
  })
  const spots = placeLabels(shown, plot)
  return (
    <g className="scatter-labels" aria-hidden>
      {shown.map((point, index) => {
        const spot = spots[index]
        return spot ? (
          <text
            key={point.key}
            x={spot.x}
            y={spot.y}
            textAnchor={spot.anchor}
            dominantBaseline="central"
            fill={props.color}
            fontSize={LABEL_FONT_SIZE}
          >
            {point.name}
          </text>
        ) : null
      })}
    </g>
  )
}
