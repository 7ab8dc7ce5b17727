import type { ConnectionDraft } from '@shared/contract'
import { useTestConnection } from '../../api/use-connection'
import { formatNumber } from '../../lib/format'
import { withoutSettingsDirections } from '../../lib/settings-directions'

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url
}

/**
 * Tests what the form holds (typed, not necessarily saved) with a real request through main,
 * and reports exactly what happened. Nothing is saved by testing.
 */
export function TestConnection(props: { draft: ConnectionDraft; problem?: string | undefined }) {
  const test = useTestConnection()
  return (
    <div className="test-connection">
      <button
        type="button"
        className="btn"
        onClick={() => test.mutate(props.draft)}
        disabled={test.isPending || props.problem !== undefined}
        title={props.problem ? `Fix the base URL first: ${props.problem}` : undefined}
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
            <span className="badge badge-error mono">{test.error.code}</span>{' '}
            {withoutSettingsDirections(test.error.message)}
          </span>
        ) : null}
      </div>
    </div>
  )
}
