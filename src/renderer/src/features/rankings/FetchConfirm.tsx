import { useId, useState } from 'react'

/**
 * What is missing for the current filter, and the confirm step: a fetch of more lookups than the
 * user allows without asking waits for "Fetch". The threshold is editable here.
 */
export function FetchConfirm(props: {
  missing: number
  locations: number
  confirmAbove: number
  offline: boolean
  overLimit: boolean
  onFetch: () => void
  onConfirmAbove: (value: number) => void
}) {
  const inputId = useId()
  const [draft, setDraft] = useState(String(props.confirmAbove))
  const commit = () => {
    const value = Number.parseInt(draft, 10)
    if (Number.isInteger(value) && value >= 1 && value <= 100_000) props.onConfirmAbove(value)
    else setDraft(String(props.confirmAbove))
  }
  const count = props.missing.toLocaleString()
  return (
    <div
      className="rankings-confirm card"
      data-testid="rankings-confirm"
      role="group"
      aria-label="Fetching"
    >
      <p>
        {props.offline ? (
          <>
            Offline mode is on: cached figures only. <strong>{count} lookups</strong> for this
            filter are not in the cache.
          </>
        ) : props.overLimit ? (
          <>
            This filter needs <strong>{count} lookups</strong> for{' '}
            {props.locations.toLocaleString()} locations, more than the{' '}
            {props.confirmAbove.toLocaleString()} fetched without asking. Each counts against your
            quota: narrow the filter, or fetch them.
          </>
        ) : (
          <>
            <strong>{count} lookups</strong> not fetched yet.
          </>
        )}
      </p>
      <div className="rankings-confirm-actions">
        {props.offline ? null : (
          <button
            type="button"
            className={`btn ${props.overLimit ? 'btn-primary' : ''}`}
            onClick={props.onFetch}
            data-testid="rankings-fetch"
          >
            Fetch {count} lookups
          </button>
        )}
        <label className="inline-field" htmlFor={inputId}>
          <span className="muted">Ask before more than</span>
          <input
            id={inputId}
            className="input rankings-threshold"
            type="number"
            min={1}
            max={100_000}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit()
            }}
            data-testid="rankings-threshold"
          />
          <span className="muted">lookups</span>
        </label>
      </div>
    </div>
  )
}
