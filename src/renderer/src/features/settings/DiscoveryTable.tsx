import type { ConnectionTestOutput, DiscoveryRow } from '@shared/contract'
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
  if (output.stopped) return 'Nothing saved: the test did not finish.'
  if (output.layoutSaved) return `Layout saved for ${output.baseUrl}.`
  if (tested === 'demo') return 'Demo data always uses the spec layout: nothing to save.'
  return 'Layout not saved: this tested what the form holds. Save the URL and key, then test again to keep it.'
}

/** Test connection's discovery: operation → path → placement → outcome, and what was kept. */
export function DiscoveryTable(props: {
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
