import { useEffect, useEffectEvent, useState } from 'react'
import type { MarketQueryError } from '../api/market-result'
import { navigate } from '../app/navigation'
import { formatDateTime } from '../lib/format'
import { AlertIcon, CloudOffIcon } from './icons'
import './error-notice.css'

const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000

const TITLES: Partial<Record<MarketQueryError['code'], string>> = {
  AUTH: 'The service refused the API key',
  NOT_CONFIGURED: 'Your service is not set up yet',
  RATE_LIMITED: 'Too many requests',
  OFFLINE: 'You are offline',
  NETWORK: 'Cannot reach the service',
  TIMEOUT: 'The service took too long to answer',
  NOT_FOUND: 'No data',
  SERVER: 'The service had a problem',
  BAD_RESPONSE: 'The service sent an unexpected answer'
}

const errorIds = new WeakMap<MarketQueryError, number>()
let nextErrorId = 1
function errorId(error: MarketQueryError): number {
  let id = errorIds.get(error)
  if (id === undefined) {
    id = nextErrorId++
    errorIds.set(error, id)
  }
  return id
}

/** Counts down from retryAfterMs and calls onRetry once when it reaches zero. */
function RetryCountdown(props: { waitMs: number; onRetry: () => void }) {
  const [remainingMs, setRemainingMs] = useState(props.waitMs)
  const retry = useEffectEvent(() => props.onRetry())
  useEffect(() => {
    const started = Date.now()
    const tick = setInterval(() => {
      setRemainingMs(Math.max(0, props.waitMs - (Date.now() - started)))
    }, 250)
    const fire = setTimeout(() => {
      clearInterval(tick)
      setRemainingMs(0)
      retry()
    }, props.waitMs)
    return () => {
      clearInterval(tick)
      clearTimeout(fire)
    }
  }, [props.waitMs])
  const seconds = Math.ceil(remainingMs / 1000)
  return (
    <span data-testid="rate-limit-countdown">
      {seconds > 0 ? `Retrying automatically in ${seconds} s.` : 'Retrying…'}
    </span>
  )
}

export interface ErrorNoticeProps {
  error: MarketQueryError
  /** Re-runs what failed; also used for the automatic retry after a rate limit. */
  onRetry?: () => void
  /** When cached data is still shown: the time it was fetched. */
  cachedAt?: string
  /** What was being done, e.g. "Loading prices". */
  context?: string
}

export function ErrorNotice({ error, onRetry, cachedAt, context }: ErrorNoticeProps) {
  const title = TITLES[error.code] ?? 'Something went wrong'
  const needsSettings = error.code === 'AUTH' || error.code === 'NOT_CONFIGURED'
  const retryable = onRetry && !needsSettings && error.code !== 'NOT_FOUND'
  const offlineWithCache = error.code === 'OFFLINE' && cachedAt
  return (
    <div
      className={`error-notice ${offlineWithCache ? 'error-notice-soft' : ''}`}
      role={offlineWithCache ? 'status' : 'alert'}
      data-testid="error-notice"
      data-error-code={error.code}
    >
      <span className="error-notice-icon">
        {error.code === 'OFFLINE' ? <CloudOffIcon /> : <AlertIcon />}
      </span>
      <div className="error-notice-body">
        <div className="error-notice-title">
          <strong>{context ? `${context}: ${title.toLowerCase()}` : title}</strong>
          <span className="badge mono">{error.code}</span>
        </div>
        <p>{error.message}</p>
        {error.code === 'OFFLINE' ? (
          <p>
            {cachedAt
              ? `Showing cached data from ${formatDateTime(cachedAt)}.`
              : 'Nothing is cached for this yet. Reconnect, or turn off offline mode in Settings.'}
          </p>
        ) : null}
        {error.code === 'RATE_LIMITED' && onRetry ? (
          <p>
            <RetryCountdown
              key={errorId(error)}
              waitMs={error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS}
              onRetry={onRetry}
            />
          </p>
        ) : null}
      </div>
      <div className="error-notice-actions">
        {needsSettings || (error.code === 'OFFLINE' && !cachedAt) ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => navigate({ screen: 'settings' })}
          >
            Open Settings
          </button>
        ) : null}
        {retryable ? (
          <button type="button" className="btn btn-small" onClick={onRetry}>
            {error.code === 'RATE_LIMITED' ? 'Retry now' : 'Retry'}
          </button>
        ) : null}
      </div>
    </div>
  )
}
