import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Settings } from '@shared/settings'
import { useHistory, useMarket, useStores } from '../data/app-deps'
import { answeredAt, lookupsOf, recordFetched } from '../data/offline-plan'
import type { FetchOutcome } from '../data/queries'
import { cachedQuery, fetchLookups } from '../data/queries'
import { useExpiredOn } from '../data/use-expiry'
import { useUserRequest } from '../data/use-service-state'
import { formatNumber, plural } from '../lib/format'
import type { LocationRef } from '../lib/location-ref'
import { withLocations } from '../stores/app-stores'
import { CloudOffIcon, RefreshIcon } from './icons'
import { ProgressBar } from './ProgressBar'
import { useNow } from './use-now'
import './make-offline.css'

type Step =
  | { kind: 'idle'; back?: boolean }
  | { kind: 'asking' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; outcome: FetchOutcome; total: number }

function outcomeText(outcome: FetchOutcome, total: number): string {
  if (outcome.failed > 0) {
    const why = outcome.firstError ? ` (${outcome.firstError.message})` : ''
    const { failed, notSent } = outcome
    const words = [
      failed > notSent ? `${formatNumber(failed - notSent)} failed` : '',
      notSent ? `${formatNumber(notSent)} not sent` : ''
    ]
      .filter(Boolean)
      .join(', ')
    return `${formatNumber(outcome.fetched)} of ${plural(total, 'figure')} fetched; ${words}${why}. Run it again later to fetch what is missing.`
  }
  if (outcome.cancelled)
    return `Cancelled after ${formatNumber(outcome.fetched)} of ${plural(total, 'figure')}. Run it again to go on.`
  return total === 0 ? 'Ready offline: everything was already cached.' : 'Ready offline.'
}

/**
 * "Make available offline" for some locations: says first what it costs (the figures every screen
 * needs for them, how many are cached, how many requests the rest takes), then fetches the rest
 * with progress and Cancel. The locations are kept offline from then on: their cached figures
 * never expire, and a later run fetches only what is still missing (or, with `refresh`, all of
 * them again, recording what changed in the observed history).
 */
export function MakeOffline(props: {
  locations: readonly LocationRef[]
  settings: Settings
  /** The button's words (default "Make available offline"). */
  label?: string
  /** Fetch every figure again, not only the missing and expired ones. */
  refresh?: boolean
  small?: boolean
}) {
  const market = useMarket()
  const stores = useStores()
  const history = useHistory()
  const client = useQueryClient()
  const userRequest = useUserRequest()
  const expiredOn = useExpiredOn()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const running = useRef<AbortController | null>(null)
  const { settings } = props

  const now = useNow()
  // Worked out while the user decides (what is cached may change meanwhile), not on every render.
  const needed =
    step.kind === 'asking'
      ? props.locations.flatMap((ref) => lookupsOf(client, ref, settings.bedTypes))
      : []
  const missing = props.refresh
    ? needed
    : needed.filter((lookup) => {
        const at = answeredAt(cachedQuery(client, lookup))
        return !at || expiredOn(at, props.locations, now)
      })

  const run = async () => {
    stores.offline.set((list) => withLocations(list, props.locations))
    const controller = new AbortController()
    running.current = controller
    const total = missing.length
    setStep({ kind: 'running', done: 0, total })
    const outcome = await userRequest(() =>
      fetchLookups(
        client,
        market,
        missing,
        (done) => setStep({ kind: 'running', done, total }),
        controller.signal
      )
    )
    running.current = null
    recordFetched(client, history, missing, settings.baseUrl)
    setStep({ kind: 'done', outcome, total })
  }

  if (step.kind === 'running') {
    return (
      <ProgressBar
        label="Making available offline"
        progress={step}
        onCancel={() => running.current?.abort()}
      />
    )
  }
  const label = props.label ?? 'Make available offline'
  return (
    <div className="stack make-offline" data-testid="make-offline">
      {step.kind === 'asking' ? (
        <div
          className="notice notice-neutral stack make-offline-ask"
          role="group"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setStep({ kind: 'idle', back: true })
          }}
        >
          <p data-testid="make-offline-plan">
            {plural(props.locations.length, 'location')} need {plural(needed.length, 'figure')}:{' '}
            {formatNumber(needed.length - missing.length)} already cached,{' '}
            <strong>{plural(missing.length, 'request')}</strong> to fetch the rest
            {missing.length > 0 ? ' (each counts against your quota)' : ''}.
          </p>
          <div className="cluster">
            <button
              type="button"
              className="btn btn-primary"
              disabled={settings.offlineMode && missing.length > 0}
              onClick={() => void run()}
              data-testid="make-offline-confirm"
            >
              {missing.length > 0 ? `Fetch ${plural(missing.length, 'figure')}` : 'Keep offline'}
            </button>
            {/* Focus starts on Cancel: Enter must not spend the user's quota. */}
            <button
              type="button"
              className="btn"
              onClick={() => setStep({ kind: 'idle', back: true })}
              autoFocus
            >
              Cancel
            </button>
            {settings.offlineMode && missing.length > 0 ? (
              <span className="muted small">Offline mode is on: turn it off in Settings.</span>
            ) : null}
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={props.small ? 'btn btn-small' : 'btn'}
          disabled={props.locations.length === 0}
          onClick={() => setStep({ kind: 'asking' })}
          // Back from the question or the run: focus returns where it was.
          autoFocus={step.kind === 'done' || step.back === true}
          data-testid="make-offline-open"
        >
          {props.refresh ? <RefreshIcon size={14} /> : <CloudOffIcon size={14} />} {label}
        </button>
      )}
      {step.kind === 'done' ? (
        <p className="muted small" role="status" data-testid="make-offline-outcome">
          {outcomeText(step.outcome, step.total)}
        </p>
      ) : null}
    </div>
  )
}
