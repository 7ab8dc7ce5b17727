import type { ConnectionStatus } from '@shared/contract'
import type { DataSource, Result } from '@shared/result'

/**
 * Codes that say nothing about the connection: the user's own input, a cancel, or a service
 * answer that there is no data (e.g. an unpublished bed value).
 */
const NOT_CONNECTION_ERRORS = new Set(['CANCELLED', 'INVALID_INPUT', 'NOT_FOUND'])

/** Connections remembered at once (each base URL tried this session is one). */
export const MAX_TRACKED_CONNECTIONS = 16

/** Which connection a result belongs to: demo data, or your service at one base URL. */
export function connectionKey(connection: { mode: DataSource; baseUrl: string }): string {
  return connection.mode === 'demo' ? 'demo' : `remote ${connection.baseUrl}`
}

type Snapshot = Pick<ConnectionStatus, 'lastSuccessAt' | 'lastError' | 'rateLimitedUntil'>

/** What the tracker needs of a wait before a retry (the client's RetryWait). */
export interface TrackedWait {
  reason: 'rate-limited' | 'retry'
  delayMs: number
}

export interface StatusTracker {
  /** Records how a call went, for `connection` (default: the connection in use now). */
  record(result: Result<unknown>, connection?: string): void
  /** Last success and last error of the connection in use now: never another one's. */
  snapshot(): Snapshot
  /** Forget the last errors (after the connection settings or the key changed). */
  clearError(): void
  /** A call waits before retrying: a rate-limited wait marks the service rate limiting until it ends. */
  noteWait(wait: TrackedWait, connection?: string): void
}

/**
 * The status bar's "last successful request" and last error, kept per connection so that
 * switching between demo data and your service never shows the other's times.
 */
export function createStatusTracker(
  clock: () => Date,
  currentConnection: () => string = () => 'demo'
): StatusTracker {
  const byConnection = new Map<string, Snapshot>()
  /** The connection updated last (the map's last entry): a batch records hundreds in a row. */
  let newest: string | undefined
  let lastMs = Number.NaN
  let lastIso = ''
  /** The clock's time as ISO text, made once per millisecond. */
  const nowIso = (): string => {
    const now = clock()
    const ms = now.getTime()
    if (ms !== lastMs) {
      lastIso = now.toISOString()
      lastMs = ms
    }
    return lastIso
  }

  const update = (connection: string, change: (entry: Snapshot) => Snapshot): void => {
    const next = change(byConnection.get(connection) ?? {})
    if (newest === connection && byConnection.has(connection)) {
      byConnection.set(connection, next)
      return
    }
    byConnection.delete(connection)
    byConnection.set(connection, next)
    newest = connection
    if (byConnection.size > MAX_TRACKED_CONNECTIONS) {
      const oldest = byConnection.keys().next().value
      if (oldest !== undefined) byConnection.delete(oldest)
    }
  }

  return {
    record(result, connection = currentConnection()) {
      const at = nowIso()
      if (result.ok) {
        update(connection, () => ({ lastSuccessAt: at }))
      } else if (!NOT_CONNECTION_ERRORS.has(result.error.code)) {
        const { code, message, nextStep } = result.error
        const lastError = { code, message, ...(nextStep ? { nextStep } : {}), at }
        update(connection, (entry) => ({ ...entry, lastError }))
      }
    },
    snapshot() {
      const { lastSuccessAt, lastError, rateLimitedUntil } =
        byConnection.get(currentConnection()) ?? {}
      const limiting =
        rateLimitedUntil !== undefined && Date.parse(rateLimitedUntil) > clock().getTime()
      return {
        ...(lastSuccessAt ? { lastSuccessAt } : {}),
        ...(lastError ? { lastError: { ...lastError } } : {}),
        ...(limiting ? { rateLimitedUntil } : {})
      }
    },
    clearError() {
      for (const [connection, { lastSuccessAt }] of byConnection) {
        byConnection.set(connection, lastSuccessAt ? { lastSuccessAt } : {})
      }
    },
    noteWait(wait, connection = currentConnection()) {
      if (wait.reason !== 'rate-limited') return
      const until = clock().getTime() + wait.delayMs
      update(connection, (entry) => {
        const known = entry.rateLimitedUntil ? Date.parse(entry.rateLimitedUntil) : 0
        return until > known ? { ...entry, rateLimitedUntil: new Date(until).toISOString() } : entry
      })
    }
  }
}
