import { useTestConnection } from '../../api/use-connection'
import { formatNumber } from '../../lib/format'

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url
}

/** Runs a real request through main and reports exactly what happened. */
export function TestConnection() {
  const test = useTestConnection()
  return (
    <div className="test-connection">
      <button
        type="button"
        className="btn"
        onClick={() => test.mutate()}
        disabled={test.isPending}
        data-testid="test-connection"
      >
        {test.isPending ? 'Testing…' : 'Test connection'}
      </button>
      <div
        aria-live="polite"
        className="test-connection-result"
        data-testid="test-connection-result"
      >
        {test.isSuccess ? (
          <span className="success-text">
            Connected to {hostOf(test.data.baseUrl)}: {formatNumber(test.data.locationsFound)}{' '}
            locations in {formatNumber(test.data.latencyMs)} ms.
          </span>
        ) : null}
        {test.error ? (
          <span className="field-error" role="alert">
            <span className="badge badge-error mono">{test.error.code}</span> {test.error.message}
          </span>
        ) : null}
      </div>
    </div>
  )
}
