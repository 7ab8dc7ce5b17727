import type { ConnectionStatus } from '../../shared/contract'
import type { Result } from '../../shared/result'

/**
 * Codes that say nothing about the connection: the user's own input, a cancel, or a service
 * answer that there is no data (e.g. an unpublished bed value).
 */
const NOT_CONNECTION_ERRORS = new Set(['CANCELLED', 'INVALID_INPUT', 'NOT_FOUND'])

export interface StatusTracker {
  record(result: Result<unknown>): void
  snapshot(): Pick<ConnectionStatus, 'lastSuccessAt' | 'lastError'>
  /** Forget the last error (after the connection settings or the key changed). */
  clearError(): void
}

export function createStatusTracker(clock: () => Date): StatusTracker {
  let lastSuccessAt: string | undefined
  let lastError: ConnectionStatus['lastError']
  return {
    record(result) {
      const at = clock().toISOString()
      if (result.ok) {
        lastSuccessAt = at
        lastError = undefined
      } else if (!NOT_CONNECTION_ERRORS.has(result.error.code)) {
        lastError = { code: result.error.code, message: result.error.message, at }
      }
    },
    snapshot: () => ({
      ...(lastSuccessAt ? { lastSuccessAt } : {}),
      ...(lastError ? { lastError: { ...lastError } } : {})
    }),
    clearError() {
      lastError = undefined
    }
  }
}
