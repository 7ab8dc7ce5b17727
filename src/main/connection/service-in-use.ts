/**
 * Which quota guard is the one of the service in use: one per service (its connection settings
 * and key), a fresh one whenever they change. Only the guard in use tells the window of its
 * state (a guard left behind may still answer calls in flight, silently).
 */
import type { ServiceState } from '@shared/contract'
import type { AppLogger } from '../logging/logger'
import { createQuotaGuard } from './quota-guard'
import type { QuotaGuard } from './quota-guard'

export function createServiceInUse(options: {
  wallClock?: (() => Date) | undefined
  emitServiceState?: ((state: ServiceState) => void) | undefined
  logger: AppLogger
}) {
  const { logger } = options
  let current: { identity: string; key: string | undefined; guard: QuotaGuard } | undefined
  let toldKind: ServiceState['kind'] = 'open'

  /** Tells the window (and the log) what the guard in use does now; a fresh `open` once. */
  const tell = (state: ServiceState): void => {
    if (state.kind === 'open' && toldKind === 'open') return
    toldKind = state.kind
    if (state.kind === 'open') logger.info('service open again')
    else {
      const waitMs = state.kind === 'stopped' ? undefined : state.waitMs
      logger.warn(`service ${state.kind}`, { code: state.error.code, waitMs })
    }
    try {
      options.emitServiceState?.(state)
    } catch {
      logger.warn('the service state could not be told to the window')
    }
  }

  return {
    /** The guard of the service named by `identity` (its settings) and `key`: fresh for a new one. */
    guardFor(identity: string, key: string | undefined): QuotaGuard {
      if (current?.identity === identity && current.key === key) return current.guard
      const guard = createQuotaGuard({
        ...(options.wallClock ? { wallClock: options.wallClock } : {}),
        onChange: (state) => {
          if (current?.guard === guard) tell(state)
        }
      })
      current = { identity, key, guard }
      tell(guard.state())
      return guard
    },
    close: () => current?.guard.close()
  }
}
