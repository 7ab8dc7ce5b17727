import { useId, useState } from 'react'
import type { ReactNode } from 'react'
import type { OperationRoute, Placement, RouteLayout, RoutedOperation } from '@shared/settings'
import { routePathProblem, ROUTED_OPERATIONS } from '@shared/settings'
import type { DiscoveryOutcome, DiscoveryRow } from '@shared/contract'
import { FieldError } from '../../components/FieldError'
import { Table } from '../../components/Table'

type Routes = RouteLayout['routes']

/** What each routed operation is called on screen. */
const OPERATION_NAMES: Record<RoutedOperation, string> = {
  listLocations: 'Locations',
  getResidentialPrice: 'Residential prices',
  getGrowth: 'Growth',
  getLandPrice: 'Land prices'
}

const PLACEMENT_NAMES: Record<Placement, string> = {
  query: 'Query string',
  body: 'JSON body',
  both: 'Query and body'
}

/** An outcome in words, the badge tone it is drawn with, and what it means beside the badge. */
const OUTCOMES: Record<DiscoveryOutcome, { text: string; tone: string; meaning?: string }> = {
  works: { text: 'Works', tone: 'badge-ok' },
  'no-data': {
    text: 'No data',
    tone: 'badge-warning',
    meaning: 'the route exists; no figures for the sample location'
  },
  'route-missing': {
    text: 'Route missing',
    tone: 'badge-error',
    meaning: 'no candidate path answered'
  },
  auth: { text: 'Auth', tone: 'badge-error', meaning: 'the service refused the key' },
  error: { text: 'Error', tone: 'badge-error', meaning: 'the route could not be confirmed' }
}

/** Operation → path → where its parameters go (and an outcome): the layout, its editor, discovery. */
export function RoutesTable(props: {
  caption: string
  /** With an outcome column, and its caption shown (else said to screen readers only). */
  outcomes?: boolean
  testId?: string
  children: ReactNode
}) {
  return (
    <div className="table-scroll">
      <Table
        caption={props.caption}
        captionShown={props.outcomes}
        columns={['Operation', 'Path', 'Parameters in', ...(props.outcomes ? ['Outcome'] : [])]}
        className="routes-table"
        testId={props.testId}
      >
        {props.children}
      </Table>
    </div>
  )
}

/** One operation's route, read only, with its outcome when discovery tried it (why, unless it works). */
export function RouteLine(props: { row: Omit<DiscoveryRow, 'outcome'> & Partial<DiscoveryRow> }) {
  const { operation, path, placement, outcome } = props.row
  const words = outcome && OUTCOMES[outcome]
  const detail = props.row.detail ?? words?.meaning
  return (
    <tr data-operation={operation} data-outcome={outcome}>
      <th scope="row">{OPERATION_NAMES[operation]}</th>
      <td>
        <code className="route-path">{path}</code>
      </td>
      <td>{PLACEMENT_NAMES[placement]}</td>
      {words ? (
        <td>
          <span className={`badge ${words.tone}`}>{words.text}</span>
          {detail ? <span className="block small muted"> {detail}</span> : null}
        </td>
      ) : null}
    </tr>
  )
}

function RouteRow(props: {
  operation: RoutedOperation
  route: OperationRoute
  problem: string | undefined
  onChange: (route: OperationRoute) => void
  /** The path input's id (the editor focuses the first bad path by it). */
  id: string
}) {
  const { id, operation, route, problem } = props
  const name = OPERATION_NAMES[operation]
  return (
    <tr data-operation={operation}>
      <th scope="row">
        <label htmlFor={`${id}-path`}>{name}</label>
      </th>
      <td>
        <input
          id={`${id}-path`}
          className="input route-path-input"
          spellCheck={false}
          value={route.path}
          maxLength={256}
          onChange={(event) => props.onChange({ ...route, path: event.target.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          data-testid={`route-path-${operation}`}
        />
        {problem ? (
          <p className="field-error" id={`${id}-error`} data-testid={`route-error-${operation}`}>
            The {name.toLowerCase()} path {problem}.
          </p>
        ) : null}
      </td>
      <td>
        <select
          className="select"
          aria-label={`Where ${name.toLowerCase()} takes its parameters`}
          value={route.placement}
          onChange={(event) =>
            props.onChange({ ...route, placement: event.target.value as Placement })
          }
          data-testid={`route-placement-${operation}`}
        >
          {Object.entries(PLACEMENT_NAMES).map(([placement, name]) => (
            <option key={placement} value={placement}>
              {name}
            </option>
          ))}
        </select>
      </td>
    </tr>
  )
}

/**
 * Each operation's path and parameter placement, edited as typed: a bad path is shown with its
 * problem and kept as the user typed it; nothing is saved until every path is valid.
 */
export function CustomRoutesEditor(props: {
  routes: Routes
  pending: boolean
  onSave: (routes: Routes) => void
}) {
  const [draft, setDraft] = useState<Routes>(props.routes)
  const [refused, setRefused] = useState(false)
  // Routes saved from outside (Test connection, or this editor's own save) replace the draft,
  // without remounting: the focused control stays where it is.
  const [shown, setShown] = useState<Routes>(props.routes)
  if (JSON.stringify(shown) !== JSON.stringify(props.routes)) {
    setShown(props.routes)
    setDraft(props.routes)
    setRefused(false)
  }
  const idBase = useId()
  const idOf = (operation: RoutedOperation) => `${idBase}-${operation}`
  const trimmed = Object.fromEntries(
    ROUTED_OPERATIONS.map((operation) => [
      operation,
      { ...draft[operation], path: draft[operation].path.trim() }
    ])
  ) as Routes
  const problem = (operation: RoutedOperation) => routePathProblem(trimmed[operation].path)
  const invalid = ROUTED_OPERATIONS.filter((operation) => problem(operation) !== undefined)
  const changed = JSON.stringify(draft) !== JSON.stringify(props.routes)

  // aria-disabled rather than disabled: a button disabled under the user's focus drops it.
  const idle = !changed || props.pending
  const save = () => {
    if (idle) return
    setRefused(invalid.length > 0)
    if (invalid[0]) document.getElementById(`${idOf(invalid[0])}-path`)?.focus()
    else props.onSave(trimmed)
  }

  return (
    <div className="custom-routes" data-testid="custom-routes">
      <RoutesTable caption="Custom path for each operation">
        {ROUTED_OPERATIONS.map((operation) => (
          <RouteRow
            key={operation}
            operation={operation}
            route={draft[operation]}
            problem={problem(operation)}
            onChange={(route) => setDraft({ ...draft, [operation]: route })}
            id={idOf(operation)}
          />
        ))}
      </RoutesTable>
      <div className="cluster">
        <button
          type="button"
          className="btn"
          aria-disabled={idle}
          onClick={save}
          data-testid="route-save"
        >
          Save paths
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          aria-disabled={idle}
          onClick={() => {
            if (idle) return
            setDraft(props.routes)
            setRefused(false)
          }}
        >
          Undo changes
        </button>
      </div>
      {refused && invalid.length > 0 ? (
        <FieldError
          message={`Nothing was saved: fix the ${invalid.length === 1 ? 'path' : 'paths'} marked above.`}
        />
      ) : null}
    </div>
  )
}
