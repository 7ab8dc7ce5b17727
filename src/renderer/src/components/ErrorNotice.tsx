import type { ReactNode } from 'react'
import { sentence } from '@shared/errors/catalogue'
import { formatSeconds } from '@shared/errors/next-steps'
import type { ErrorCode } from '@shared/result'
import type { MarketQueryError } from '../data/market-result'
import { isNoDataAnswer } from '../offline-cache/cache-record'
import { formatDate, formatDateTime } from '../lib/format'
import { AlertIcon, CloudOffIcon } from './icons'
import { useAnnounceOnce } from './LiveAnnouncer'
import { SettingsButton } from './SettingsButton'
import './error-notice.css'

type Words = { title: string; status?: string; warn?: true }

/**
 * Each kind of error in words: `title` heads its notice; `status` is the status bar's short state
 * when the service's last answer was this error (`warn` when the service only asks the app to wait).
 */
export const ERROR_WORDS: Partial<Record<ErrorCode, Words>> = {
  AUTH: { title: 'The service refused the API key', status: 'Service refused the key' },
  NOT_CONFIGURED: { title: 'Your service is not set up yet' },
  RATE_LIMITED: { title: 'Too many requests', status: 'Service rate limiting', warn: true },
  QUOTA: { title: "The service refused: the key's quota is used up", status: 'Quota used up' },
  OFFLINE: { title: 'You are offline' },
  NETWORK: { title: 'Cannot reach the service', status: 'Service unreachable' },
  TIMEOUT: { title: 'The service took too long to answer', status: 'Service not answering' },
  NOT_FOUND: { title: 'No data' },
  UNSUPPORTED_ROUTE: {
    title: 'The service does not offer this route',
    status: 'Service route missing'
  },
  SERVER: { title: 'The service had a problem' },
  BAD_RESPONSE: { title: 'The service sent an unexpected answer' }
}

/** The service's answer in our words, keeping what the service itself said. */
function rateLimitSentence(error: MarketQueryError): string {
  const said = error.serviceMessage ? `: "${error.serviceMessage}"` : ''
  const wait = error.retryAfterMs ? ` It asked to wait ${formatSeconds(error.retryAfterMs)}.` : ''
  return `${sentence(`The service is limiting requests${said}`)}${wait}`
}

/** An error's words for the screen: its code and HTTP status are for the details disclosure. */
export function plainMessage(error: { message: string; status?: number | undefined }): string {
  return error.status === undefined
    ? error.message
    : error.message.replace(` (HTTP ${error.status})`, '')
}

/** The error's code and HTTP status, folded away: what a support request needs. */
export function ErrorDetails(props: { error: { code: string; status?: number | undefined } }) {
  const { code, status } = props.error
  return (
    <details className="error-details small muted" data-testid="error-details">
      <summary>Details</summary>
      <span className="mono">
        {code}
        {status === undefined ? '' : ` · HTTP ${status}`}
      </span>
    </details>
  )
}

/** Errors whose next step is in Settings (offline mode answers every retry the same way). */
const SETTINGS_ERRORS = new Set<string>(['AUTH', 'NOT_CONFIGURED', 'OFFLINE', 'UNSUPPORTED_ROUTE'])

interface ErrorNoticeProps {
  error: MarketQueryError
  /** Re-runs what failed, at the user's request ("Retry", or "Retry now" when rate limited). */
  onRetry?: () => void
  /** The retry button's words, shown for every error (the quota guard's next step is to ask). */
  retryLabel?: string | undefined
  /** When cached data is still shown: the time it was fetched. */
  cachedAt?: string | undefined
  /** When that cached data expired, if it has. */
  cacheExpiredOn?: Date | undefined
  /** What was being done, e.g. "Loading prices". */
  context?: string | undefined
}

/** The frame of every notice in a screen: an icon, a title, what to know, and what to do. */
export function NoticeFrame(props: {
  soft: boolean
  icon?: ReactNode
  title: ReactNode
  role: 'group' | 'status' | 'note'
  label?: string
  testId: string
  errorCode?: string
  actions: ReactNode
  children: ReactNode
}) {
  return (
    <div
      className={`notice error-notice${props.soft ? '' : ' notice-negative'}`}
      role={props.role}
      aria-label={props.label}
      data-testid={props.testId}
      data-error-code={props.errorCode}
    >
      <span className="error-notice-icon">{props.icon ?? <AlertIcon />}</span>
      <div className="error-notice-body">
        <strong className="error-notice-title">{props.title}</strong>
        {props.children}
      </div>
      <div className="cluster">{props.actions}</div>
    </div>
  )
}

export function ErrorNotice(props: ErrorNoticeProps) {
  const { error, onRetry, retryLabel, cachedAt, cacheExpiredOn, context } = props
  const rateLimited = error.code === 'RATE_LIMITED'
  const title = ERROR_WORDS[error.code]?.title ?? 'Something went wrong'
  const needsSettings = SETTINGS_ERRORS.has(error.code)
  const retryable = onRetry && (retryLabel || (!needsSettings && !isNoDataAnswer(error)))
  const offlineWithCache = error.code === 'OFFLINE' && cachedAt
  // "API" stays upper case: only the first letter follows the context.
  const heading = context ? `${context}: ${title.charAt(0).toLowerCase()}${title.slice(1)}` : title
  const sentence = rateLimited ? rateLimitSentence(error) : plainMessage(error)
  // Said once, politely, through the app's live region (not role="alert": nothing here is so
  // urgent that it should cut into what is being read). The countdown below is not part of it.
  useAnnounceOnce(`${heading}. ${sentence}`, `${heading}|${error.code}|${sentence}`)
  return (
    <NoticeFrame
      soft={Boolean(offlineWithCache)}
      icon={error.code === 'OFFLINE' ? <CloudOffIcon /> : undefined}
      title={heading}
      role="group"
      label={heading}
      testId="error-notice"
      errorCode={error.code}
      actions={
        <>
          {needsSettings ? <SettingsButton>Open Settings</SettingsButton> : null}
          {retryable ? (
            <button type="button" className="btn btn-small" onClick={onRetry}>
              {retryLabel ?? (rateLimited ? 'Retry now' : 'Retry')}
            </button>
          ) : null}
        </>
      }
    >
      <p>{sentence}</p>
      {error.code === 'OFFLINE' ? (
        <p>
          {cachedAt
            ? `Showing cached data from ${formatDateTime(cachedAt)}${cacheExpiredOn ? ` (expired on ${formatDate(cacheExpiredOn)})` : ''}.`
            : 'Nothing is cached for this yet. Reconnect, or turn off offline mode in Settings.'}
        </p>
      ) : null}
      <ErrorDetails error={error} />
    </NoticeFrame>
  )
}
