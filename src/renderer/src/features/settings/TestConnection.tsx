import { useEffect, useRef } from 'react'
import { CONNECTION_TEST_DEADLINE_MS } from '@shared/contract'
import type { ConnectionDraft, ConnectionTestOutput } from '@shared/contract'
import { describeError, formatSeconds } from '@shared/errors/next-steps'
import { isRecord } from '@shared/validation'
import { useCancelConnectionTest, useTestConnection } from '../../data/use-settings'
import { ErrorDetails, plainMessage } from '../../components/ErrorNotice'
import { useNow } from '../../components/use-now'
import { formatNumber, hostOf, plural } from '../../lib/format'
import { RouteLine, RoutesTable } from './CustomRoutesEditor'

/** What became of the layout found: kept for the base URL, or why not. */
function savedSentence(output: ConnectionTestOutput, tested: 'saved' | 'form' | 'demo'): string {
  if (output.stopped) return 'Nothing saved: the test did not finish.'
  if (output.layoutSaved) return `Layout saved for ${output.baseUrl}.`
  if (tested === 'demo') return 'Demo data always uses the spec layout: nothing to save.'
  return 'Layout not saved: this tested what the form holds. Save the URL and key, then test again to keep it.'
}

/** What a test ended by its deadline or Cancel tried: main sends it as its error's details. */
function triedBeforeStop(details: unknown): ConnectionTestOutput | undefined {
  return isRecord(details) && details['stopped'] && Array.isArray(details['discovery'])
    ? (details as unknown as ConnectionTestOutput)
    : undefined
}

/**
 * Tests the connection through main and reports what happened, with where discovery found each
 * operation. A draft (what the form holds) is tested and nothing is kept; without one, the saved
 * connection is tested and the layout found is saved for its base URL.
 */
export function TestConnection(props: {
  draft: ConnectionDraft | undefined
  problem?: string | undefined
}) {
  const test = useTestConnection()
  const cancel = useCancelConnectionTest()
  // A live count while it runs (display only): main ends it by itself at its deadline.
  const now = useNow(1_000)
  const seconds = Math.max(0, Math.floor((now - test.submittedAt) / 1_000))
  // Cancel disappears when the test ends: focus goes back to the button that starts one.
  const button = useRef<HTMLButtonElement>(null)
  const cancelled = useRef(false)
  useEffect(() => {
    if (test.isPending || !cancelled.current) return
    cancelled.current = false
    button.current?.focus()
  }, [test.isPending])
  const routes = test.isSuccess ? test.data : triedBeforeStop(test.error?.details)
  // No draft: the saved connection was tested.
  const mode = test.variables?.connectionMode
  const tested = mode === undefined ? 'saved' : mode === 'demo' ? 'demo' : 'form'
  return (
    <div className="test-connection-block">
      <div className="cluster">
        <button
          ref={button}
          type="button"
          className="btn"
          onClick={() => test.mutate(props.draft)}
          disabled={test.isPending || props.problem !== undefined}
          title={props.problem}
          data-testid="test-connection"
        >
          {test.isPending ? `Testing… ${seconds} s` : 'Test connection'}
        </button>
        {test.isPending ? (
          <button
            type="button"
            className="btn"
            onClick={() => {
              cancelled.current = true
              cancel()
            }}
            aria-label="Cancel the test"
          >
            Cancel
          </button>
        ) : null}
        <div aria-live="polite" className="cluster" data-testid="test-connection-result">
          {test.isPending ? (
            <span className="small muted">
              Ends by itself after {formatSeconds(CONNECTION_TEST_DEADLINE_MS)}.
            </span>
          ) : null}
          {test.isSuccess ? (
            <span className="success-text">
              Connected to {hostOf(test.data.baseUrl)}:{' '}
              {plural(test.data.locationsFound, 'location')} in {formatNumber(test.data.latencyMs)}{' '}
              ms.
            </span>
          ) : null}
          {test.error ? (
            <span className="field-error" data-testid="field-error">
              {describeError(
                {
                  ...test.error,
                  message: plainMessage({ ...test.error, message: test.error.situation })
                },
                'settingsForm'
              )}
              <ErrorDetails error={test.error} />
            </span>
          ) : null}
        </div>
      </div>
      {routes?.discovery?.length ? (
        <div className="discovery" data-testid="discovery">
          <RoutesTable
            caption={`Routes found at ${hostOf(routes.baseUrl)}`}
            outcomes
            testId="discovery-table"
          >
            {routes.discovery.map((row) => (
              <RouteLine key={row.operation} row={row} />
            ))}
          </RoutesTable>
          <p className="small muted" data-testid="discovery-summary">
            {routes.discoveryRequests === undefined
              ? ''
              : `Discovery used ${plural(routes.discoveryRequests, 'request')}. `}
            {savedSentence(routes, tested)}
          </p>
        </div>
      ) : null}
    </div>
  )
}
