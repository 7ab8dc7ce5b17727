import type { ConnectionDraft, ConnectionTestOutput, DiscoveryRow } from '@shared/contract'
import { describeError } from '@shared/errors/next-steps'
import { useTestConnection } from '../../data/use-connection'
import { formatNumber, hostOf } from '../../lib/format'
import { OPERATION_NAMES, OUTCOME_MEANINGS, OUTCOME_WORDS, PLACEMENT_NAMES } from './route-words'

function Row(props: { row: DiscoveryRow }) {
  const { row } = props
  const outcome = OUTCOME_WORDS[row.outcome]
  // "Works" says it all; any other outcome says why.
  const detail = row.detail ?? (row.outcome === 'works' ? undefined : OUTCOME_MEANINGS[row.outcome])
  return (
    <tr data-operation={row.operation} data-outcome={row.outcome}>
      <th scope="row">{OPERATION_NAMES[row.operation]}</th>
      <td>
        <code className="route-path">{row.path}</code>
      </td>
      <td>{PLACEMENT_NAMES[row.placement]}</td>
      <td>
        <span className={`badge ${outcome.tone}`}>{outcome.text}</span>
        {detail ? <span className="discovery-detail"> {detail}</span> : null}
      </td>
    </tr>
  )
}

/** What became of the layout found: kept for the base URL, or why not. */
function savedSentence(output: ConnectionTestOutput, tested: 'saved' | 'form' | 'demo'): string {
  if (output.layoutSaved) return `Layout saved for ${output.baseUrl}.`
  if (tested === 'demo') return 'Demo data always uses the spec layout: nothing to save.'
  return 'Layout not saved: this tested what the form holds. Save the URL and key, then test again to keep it.'
}

/** Test connection's discovery: operation → path → placement → outcome, and what was kept. */
function DiscoveryTable(props: {
  output: ConnectionTestOutput
  tested: 'saved' | 'form' | 'demo'
}) {
  const { output } = props
  const rows = output.discovery ?? []
  if (rows.length === 0) return null
  const requests = output.discoveryRequests
  return (
    <div className="discovery" data-testid="discovery">
      <div className="table-scroll">
        <table className="table discovery-table" data-testid="discovery-table">
          <caption>Routes found at {hostOf(output.baseUrl)}</caption>
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Path</th>
              <th scope="col">Parameters in</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.operation} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="field-hint" data-testid="discovery-summary">
        {requests === undefined
          ? ''
          : `Discovery used ${formatNumber(requests)} ${requests === 1 ? 'request' : 'requests'}. `}
        {savedSentence(output, props.tested)}
      </p>
    </div>
  )
}

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
