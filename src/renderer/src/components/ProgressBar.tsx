import { Announce } from './Announce'
import './progress-bar.css'

/** "n of m" progress with an optional Cancel button. */
export function ProgressBar(props: {
  label: string
  done: number
  total: number
  onCancel?: () => void
}) {
  const percent = props.total > 0 ? Math.round((props.done / props.total) * 100) : 0
  // Said at each quarter, not at every step.
  const quarter = props.total > 0 ? Math.floor((props.done / props.total) * 4) : 0
  return (
    <div className="progress" data-testid="batch-progress">
      <div className="progress-text">
        <span>{props.label}</span>
        <span className="num muted">
          {props.done} of {props.total}
        </span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={props.total}
        aria-valuenow={props.done}
        aria-valuetext={`${props.done} of ${props.total}`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <Announce when={quarter} message={`${props.label}: ${props.done} of ${props.total}`} />
      {props.onCancel ? (
        <button type="button" className="btn btn-small" onClick={props.onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  )
}
