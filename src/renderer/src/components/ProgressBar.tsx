import { useAnnounceOnce } from './LiveAnnouncer'
import './progress-bar.css'

interface ProgressProps {
  label: string
  progress: { done: number; total: number } | null
  onCancel?: () => void
}

/** "n of m" progress with an optional Cancel button; nothing while nothing runs. */
export function ProgressBar(props: ProgressProps) {
  const { done, total } = props.progress ?? { done: 0, total: 0 }
  const percent = total > 0 ? Math.round((done / total) * 100) : 0
  // Said at each quarter, not at every step; nothing while idle (a run starts at quarter 0).
  const quarter = total > 0 ? Math.floor((done / total) * 4) : 0
  useAnnounceOnce(props.progress ? `${props.label}: ${done} of ${total}` : '', quarter, false)
  if (!props.progress) return null
  return (
    <div className="progress" data-testid="batch-progress">
      <div className="progress-text">
        <span>{props.label}</span>
        <span className="num muted">
          {done} of {total}
        </span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total}`}
      >
        <div className="progress-fill" style={{ transform: `scaleX(${percent / 100})` }} />
      </div>
      {props.onCancel ? (
        <button type="button" className="btn btn-small" onClick={props.onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  )
}
