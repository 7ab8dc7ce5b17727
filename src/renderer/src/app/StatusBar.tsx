import { describeError } from '@shared/errors/next-steps'
import type { Settings } from '@shared/settings'
import { useConnectionStatus, useNavigatorOnline } from '../api/use-connection'
import { useLatestServiceWait } from '../api/use-service-wait'
import { Announce } from '../components/Announce'
import { serviceWaitText } from '../components/ServiceWaitNotice'
import { useNow } from '../components/use-now'
import { formatAge, formatTime } from '../lib/format'

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url
}

/** Connection mode, online state and the last successful request (refreshed periodically). */
export function StatusBar(props: { settings: Settings | undefined }) {
  const status = useConnectionStatus()
  const online = useNavigatorOnline()
  const now = useNow(15_000)
  const connection = status.data
  const offlineMode = connection?.offlineMode ?? props.settings?.offlineMode ?? false
  const mode = connection?.mode ?? props.settings?.connectionMode ?? 'demo'
  const wait = useLatestServiceWait()
  const limitedUntil = connection?.rateLimitedUntil ? Date.parse(connection.rateLimitedUntil) : 0
  const rateLimiting = wait?.reason === 'rate-limited' || limitedUntil > now
  // Said once per wait (and once when a rate limit seen by main starts), never per second.
  const spokenWait = wait
    ? serviceWaitText(wait, wait.until - wait.waitMs)
    : rateLimiting
      ? 'The service is rate limiting requests.'
      : ''

  const network = offlineMode
    ? { tone: 'warn', text: 'Offline mode' }
    : online
      ? { tone: 'ok', text: 'Online' }
      : { tone: 'bad', text: 'Offline (no network)' }

  return (
    <footer className="statusbar" data-testid="status-bar">
      <span className="status-item" data-testid="status-connection">
        {mode === 'demo' ? (
          <span className="badge badge-demo">Demo data</span>
        ) : (
          <span className="badge badge-remote">Your service</span>
        )}
        {mode === 'remote' && connection ? (
          <span className="muted">
            {connection.configured
              ? hostOf(connection.baseUrl)
              : 'not set up: add a URL and key in Settings'}
          </span>
        ) : null}
      </span>
      <span className="status-item" data-testid="status-network">
        <span className={`dot dot-${network.tone}`} aria-hidden="true" />
        {network.text}
        <Announce when={network.text} message={network.text} />
      </span>
      {rateLimiting || wait ? (
        <span className="status-item" data-testid="status-rate-limit">
          <span className="dot dot-warn" aria-hidden="true" />
          {rateLimiting ? 'Service rate limiting' : 'Retrying the service'}
        </span>
      ) : null}
      <Announce when={wait?.id ?? (rateLimiting ? 'limited' : 'none')} message={spokenWait} />
      <span className="status-item status-last" data-testid="status-last-success">
        {connection?.lastSuccessAt ? (
          <span title={connection.lastSuccessAt}>
            Last successful request {formatTime(connection.lastSuccessAt)} (
            {formatAge(connection.lastSuccessAt, now)})
          </span>
        ) : (
          <span className="muted">No successful request yet</span>
        )}
        {connection?.lastError ? (
          <span
            className="badge badge-error mono"
            title={`${describeError(connection.lastError, 'app')} (${connection.lastError.at})`}
          >
            {connection.lastError.code}
          </span>
        ) : null}
      </span>
    </footer>
  )
}
