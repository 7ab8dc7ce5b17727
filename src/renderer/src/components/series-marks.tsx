import { Symbols } from 'recharts'

/** Marker shapes by series index, so lines differ by shape as well as by colour. */
const SERIES_MARKERS = ['circle', 'square', 'triangle', 'diamond', 'star', 'wye', 'cross'] as const
type SeriesMarker = (typeof SERIES_MARKERS)[number]

export function seriesMarker(index: number): SeriesMarker {
  return SERIES_MARKERS[index % SERIES_MARKERS.length] ?? 'circle'
}

/** A line's point, drawn in its series' shape (Recharts' `dot` renderer). */
export function markerDot(type: SeriesMarker, color: string | undefined) {
  function MarkerDot(props: { cx?: number; cy?: number; index?: number }) {
    if (props.cx === undefined || props.cy === undefined) return <g />
    return (
      <Symbols
        key={props.index}
        className={`series-marker series-marker-${type}`}
        cx={props.cx}
        cy={props.cy}
        type={type}
        size={36}
        fill={color}
      />
    )
  }
  return MarkerDot
}

/**
 * A striped fill for a second bar series, so bars differ by pattern as well as by colour.
 * Render inside the chart's SVG and fill with `url(#id)`.
 */
export function StripePattern(props: { id: string; color: string; stripe: string }) {
  return (
    <defs>
      <pattern
        id={props.id}
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="6" height="6" fill={props.color} />
        <line x1="0" y1="0" x2="0" y2="6" stroke={props.stripe} strokeWidth="2" />
      </pattern>
    </defs>
  )
}
