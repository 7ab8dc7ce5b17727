export function Skeleton(props: { width?: number | string; label?: string }) {
  return (
    <span
      className="skeleton"
      style={props.width === undefined ? undefined : { width: props.width }}
      role="status"
      aria-label={props.label ?? 'Loading'}
    />
  )
}
