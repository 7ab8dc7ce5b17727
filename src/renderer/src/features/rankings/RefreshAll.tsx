import { useState } from 'react'
import { RefreshIcon } from '../../components/icons'

/**
 * Fetches every figure of the current filter again (cached ones too). Over the threshold it asks
 * first, like a first fetch does: a refresh costs as many lookups.
 */
export function RefreshAll(props: {
  lookups: number
  confirmAbove: number
  disabled: boolean
  onRefresh: () => void
}) {
  const [asking, setAsking] = useState(false)
  const count = props.lookups.toLocaleString()
  if (asking) {
    return (
      <span className="cluster" role="group" aria-label="Refresh all">
        <span>Refresh {count} lookups?</span>
        <button
          type="button"
          className="btn btn-small btn-primary"
          onClick={() => {
            setAsking(false)
            props.onRefresh()
          }}
          data-testid="rankings-refresh-confirm"
        >
          Refresh
        </button>
        <button type="button" className="btn btn-small" onClick={() => setAsking(false)}>
          Not now
        </button>
      </span>
    )
  }
  return (
    <button
      type="button"
      className="btn btn-small btn-ghost"
      disabled={props.disabled || props.lookups === 0}
      onClick={() => (props.lookups > props.confirmAbove ? setAsking(true) : props.onRefresh())}
      data-testid="rankings-refresh"
    >
      <RefreshIcon size={13} /> Refresh all ({count})
    </button>
  )
}
