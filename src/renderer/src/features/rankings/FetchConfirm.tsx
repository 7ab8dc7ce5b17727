import { useWholeNumberInput } from '../../components/use-whole-number-input'

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
  const bounds = { min: 1, max: 100_000, unit: 'lookups' }
  const field = useWholeNumberInput(props.confirmAbove, bounds, props.onConfirmAbove)
  const count = props.missing.toLocaleString()
  return (
    <div
      className="cluster rankings-confirm card"
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
      <div className="cluster">
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
        <label className="inline-field">
          <span className="muted">Ask before more than</span>
          <input
            className="input rankings-threshold"
            {...field.input}
            data-testid="rankings-threshold"
          />
          <span className="muted">lookups</span>
        </label>
        {field.problem}
      </div>
    </div>
  )
}
