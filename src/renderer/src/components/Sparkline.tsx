/** A tiny line of values over time (no axes): the shape of a figure's observed history. */
export function Sparkline(props: {
  points: ReadonlyArray<{ at: number; value: number }>
  label: string
  width?: number
  height?: number
}) {
  const width = props.width ?? 120
  const height = props.height ?? 32
  const pad = 3
  const times = props.points.map((point) => point.at)
  const values = props.points.map((point) => point.value)
  const [t0, t1] = [Math.min(...times), Math.max(...times)]
  const [v0, v1] = [Math.min(...values), Math.max(...values)]
  const x = (at: number) =>
    t1 === t0 ? width / 2 : pad + ((at - t0) / (t1 - t0)) * (width - 2 * pad)
  const y = (value: number) =>
    v1 === v0 ? height / 2 : height - pad - ((value - v0) / (v1 - v0)) * (height - 2 * pad)
  const path = props.points.map((point) => `${x(point.at).toFixed(1)},${y(point.value).toFixed(1)}`)
  const last = props.points[props.points.length - 1]
  return (
    <svg
      className="sparkline"
      style={{ color: 'var(--accent)' }}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={props.label}
    >
      <polyline points={path.join(' ')} fill="none" stroke="currentColor" strokeWidth={1.5} />
      {last ? <circle cx={x(last.at)} cy={y(last.value)} r={2.5} fill="currentColor" /> : null}
    </svg>
  )
}
