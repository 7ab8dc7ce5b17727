import { Symbols, usePlotArea, useXAxisScale, useYAxisScale } from 'recharts'

/** One location on the compare charts, coloured as in the table. */
export interface ComparePoint {
  key: string
  name: string
  color: string
  /** Percentages (7.5 = 7.5 %), null when the location has no such figure. */
  growth: number | null
  yield: number | null
  /** The figures in words ("7.50%", growth in both readings), null when there is none. */
  growthText: string | null
  yieldText: string | null
}

function isComparePoint(value: unknown): value is ComparePoint {
  return typeof value === 'object' && value !== null && 'name' in value && 'growth' in value
}

/** What a point says to a screen reader: the location and both figures. */
function describePoint(point: ComparePoint): string {
  return `${point.name}: gross yield ${point.yieldText ?? 'no figure'}, growth ${point.growthText ?? 'no figure'}`
}

/**
 * One location on the yield-vs-growth chart, in its colour: a Tab stop that names its location
 * and figures, so the chart can be read point by point without seeing it.
 */
export function ScatterPoint(props: { cx?: number; cy?: number; payload?: unknown }) {
  const { cx, cy, payload } = props
  if (cx === undefined || cy === undefined || !isComparePoint(payload)) return null
  const label = describePoint(payload)
  return (
    <g className="scatter-point" tabIndex={0} role="img" aria-label={label}>
      <Symbols cx={cx} cy={cy} type="circle" size={96} fill={payload.color} />
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

const LABEL_FONT_SIZE = 11
/** A little over the mean width of an 11 px sans-serif character: estimates err on the wide side. */
const LABEL_CHAR_WIDTH = 6.5
const LABEL_HEIGHT = 14
/** From a point's centre to its name: clear of its marker (radius about 5.5 px, boxed in 12). */
const LABEL_GAP = 9
const MARKER_BOX = 12

/** The box of `width` × `height` centred on (x, y). */
const centred = (x: number, y: number, width: number, height: number): Box => ({
  x: x - width / 2,
  y: y - height / 2,
  width,
  height
})

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const inside = (box: Box, area: Box) =>
  box.x >= area.x &&
  box.y >= area.y &&
  box.x + box.width <= area.x + area.width &&
  box.y + box.height <= area.y + area.height

/**
 * The box each point's name goes in, in pixels: right of the point, else left, above or below it,
 * wherever it covers no point and no name already placed and stays in the plot. A name with no
 * such spot is left out (undefined): the legend, tooltip and the point's own accessible name
 * still say which location it is.
 */
export function placeLabels(
  points: ReadonlyArray<{ x: number; y: number; name: string }>,
  plot: Box
): Array<Box | undefined> {
  const taken = points.map(({ x, y }) => centred(x, y, MARKER_BOX, MARKER_BOX))
  return points.map(({ x, y, name }) => {
    const width = name.length * LABEL_CHAR_WIDTH
    const side = LABEL_GAP + width / 2
    const upDown = LABEL_GAP + LABEL_HEIGHT / 2
    const spots = [
      [x + side, y],
      [x - side, y],
      [x, y - upDown],
      [x, y + upDown]
    ] as const
    const free = spots
      .map(([centreX, centreY]) => centred(centreX, centreY, width, LABEL_HEIGHT))
      .find((box) => inside(box, plot) && !taken.some((other) => overlaps(box, other)))
    if (free) taken.push(free)
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
  const boxes = placeLabels(shown, plot)
  return (
    <g className="scatter-labels" aria-hidden>
      {shown.map((point, index) => {
        const box = boxes[index]
        return box ? (
          <text
            key={point.key}
            x={box.x + box.width / 2}
            y={box.y + box.height / 2}
            textAnchor="middle"
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
