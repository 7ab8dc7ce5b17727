import type { ConnectionDraft } from '@shared/contract'
import { describeError } from '@shared/errors/next-steps'
import { useTestConnection } from '../../data/use-connection'
import { formatNumber, hostOf } from '../../lib/format'
import { DiscoveryTable } from './DiscoveryTable'

/**
 * Tests the connection with real requests through main and reports exactly what happened,
 * including where discovery found each operation. With a draft, what the form holds (typed, not
 * necessarily saved) is tested and nothing is kept; without one, the saved connection is tested
 * and the layout found is saved for its base URL.
 */
export function TestConnection(props: {
  draft: ConnectionDraft | undefined
  problem?: string | undefined
}) {
  const test = useTestConnection()
  const tested = test.variables
    ? test.variables.connectionMode === 'demo'
      ? 'demo'
      : 'form'
    : 'saved'
  return (
    <div className="test-connection-block">
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
              {test.data.locationsFound === 1 ? 'location' : 'locations'} in{' '}
              {formatNumber(test.data.latencyMs)} ms.
            </span>
          ) : null}
          {test.error ? (
            <span className="field-error" data-testid="field-error">
              <span className="badge badge-error mono">{test.error.code}</span>{' '}
              {describeError({ ...test.error, message: test.error.situation }, 'settingsForm')}
            </span>
          ) : null}
        </div>
      </div>
      {test.isSuccess ? <DiscoveryTable output={test.data} tested={tested} /> : null}
    </div>
  )
}
