import { useEffect, useRef, useState } from 'react'
import { CONNECTION_TEST_DEADLINE_MS } from '@shared/contract'
import type { ConnectionDraft, ConnectionTestOutput } from '@shared/contract'
import { describeError, formatSeconds } from '@shared/errors/next-steps'
import { isRecord } from '@shared/validation'
import { useCancelConnectionTest, useTestConnection } from '../../data/use-connection'
import { formatNumber, hostOf } from '../../lib/format'
import { DiscoveryTable } from './DiscoveryTable'

/** What a test ended by its deadline or Cancel tried: main sends it as its error's details. */
function triedBeforeStop(details: unknown): ConnectionTestOutput | undefined {
  return isRecord(details) && details['stopped'] && Array.isArray(details['discovery'])
    ? (details as unknown as ConnectionTestOutput)
    : undefined
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
  const cancel = useCancelConnectionTest()
  // A live count while it runs (display only): main ends it by itself at its deadline.
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!test.isPending) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [test.isPending])
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
  const tested = test.variables
    ? test.variables.connectionMode === 'demo'
      ? 'demo'
      : 'form'
    : 'saved'
  return (
    <div className="test-connection-block">
      <div className="test-connection">
        <button
          ref={button}
          type="button"
          className="btn"
          onClick={() => test.mutate(props.draft)}
          disabled={test.isPending || props.problem !== undefined}
          title={props.problem ? `Fix the base URL first: ${props.problem}` : undefined}
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
        <div
          aria-live="polite"
          className="test-connection-result"
          data-testid="test-connection-result"
        >
          {test.isPending ? (
            <span className="field-hint">
              Ends by itself after {formatSeconds(CONNECTION_TEST_DEADLINE_MS)}.
            </span>
          ) : null}
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
      {routes ? <DiscoveryTable output={routes} tested={tested} /> : null}
    </div>
  )
}
