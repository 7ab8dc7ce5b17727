import { memo } from 'react'
import { describeError } from '@shared/errors/next-steps'
import type { ErrorCode } from '@shared/result'
import { useConnectionStatus, useNavigatorOnline, useSettings } from '../data/use-settings'
import type { ServiceState } from '@shared/contract'
import { useServiceState } from '../data/use-service-state'
import { useAnnounceOnce } from '../components/LiveAnnouncer'
import { ERROR_WORDS } from '../components/ErrorNotice'
import { SourceBadge } from '../components/Provenance'
import { useNow } from '../components/use-now'
import { formatAge, formatDateTime, formatTime, hostOf } from '../lib/format'

/**
 * What main's quota guard does with lookups now, in a few words (nothing while they go out), with
 * the clock time a wait ends (`resumesAt`, display only: main keeps the time).
 */
function guardAction(state: ServiceState, resumesAt: number): string | undefined {
  const arrived = resumesAt - ('waitMs' in state ? state.waitMs : 0)
  const today = new Date(arrived).toDateString() === new Date(resumesAt).toDateString()
  const until = ` until ${today ? formatTime(resumesAt) : formatDateTime(resumesAt)}`
  switch (state.kind) {
    case 'open':
      return undefined
    case 'holding':
      return state.waitMs > 0 ? `lookups wait${until}` : 'trying again'
    case 'paused':
      return state.waitMs > 0 ? `lookups paused${until}` : 'the next lookup tries again'
    case 'stopped':
      return 'lookups stopped'
  }
}

type Tone = 'ok' | 'warn' | 'bad'

/**
 * One status that tells the truth: offline mode, no network, else what the service's last answer
 * said (online, or why not): the quota guard's own error while it holds, pauses or stops lookups.
 */
function networkStatus(
  offlineMode: boolean,
  online: boolean,
  answer: { code: string } | undefined
): { tone: Tone; text: string } {
  if (offlineMode) return { tone: 'warn', text: 'Offline mode' }
  if (!online) return { tone: 'bad', text: 'Offline (no network)' }
  if (answer) {
    const words = ERROR_WORDS[answer.code as ErrorCode]
    return { tone: words?.warn ? 'warn' : 'bad', text: words?.status ?? 'Service failing' }
  }
  return { tone: 'ok', text: 'Online' }
}

/** Connection mode, online state and the last successful request (refreshed periodically). */
export const StatusBar = memo(function StatusBar() {
  const settings = useSettings().data
  const status = useConnectionStatus()
  const online = useNavigatorOnline()
  const now = useNow(15_000)
  const connection = status.data
  const offlineMode = connection?.offlineMode ?? settings?.offlineMode ?? false
  const mode = connection?.mode ?? settings?.connectionMode ?? 'demo'
  const service = useServiceState()
  const guard = 'error' in service.state ? service.state.error : undefined
  const answer = guard ?? connection?.lastError
  const network = networkStatus(offlineMode, online, answer)
  const action = offlineMode || !online ? undefined : guardAction(service.state, service.resumesAt)
  const said = action ? `${network.text} · ${action}` : network.text
  // Said once per status main sends, never per second.
  useAnnounceOnce(said, `${said}|${service.receivedAt}`, false)

  return (
    <footer className="statusbar" data-testid="status-bar">
      <span className="status-item" data-testid="status-connection">
        <SourceBadge source={mode} />
        {mode === 'remote' && connection ? (
          <span className="muted">
            {connection.configured
              ? hostOf(connection.baseUrl)
              : 'not set up: add a URL and key in Settings'}
          </span>
        ) : null}
      </span>
      <span
        className="status-item"
        data-testid="status-network"
        title={answer ? describeError(answer, 'app') : undefined}
      >
        <span className={`dot dot-${network.tone}`} aria-hidden="true" />
        {network.text}
        {action ? (
          <span data-testid="status-service" data-state={service.state.kind}>
            {' · '}
            {action}
          </span>
        ) : null}
      </span>
      <span className="status-item status-last" data-testid="status-last-success">
        {connection?.lastSuccessAt ? (
          <span title={connection.lastSuccessAt}>
            Last successful request {formatTime(connection.lastSuccessAt)} (
            {formatAge(connection.lastSuccessAt, now)})
          </span>
        ) : (
          <span className="muted">No successful request yet</span>
        )}
      </span>
    </footer>
  )
})
