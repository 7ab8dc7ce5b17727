/**
 * One CLI run's app core: settings in memory (the app's own settings are never touched and
 * nothing is written to disk), an in-memory vault holding MARKET_API_KEY, and the connection
 * chosen on the command line. close() stops the demo service and closes connections.
 */
import { createAppCore } from '../main/core/app-core'
import type { AppLogger } from '../main/logging/logger'
import { createMemoryVault } from '../main/vault/key-vault'
import type { ServiceState } from '@shared/contract'
import type { Handlers } from '@shared/operations'
import { err, ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { RouteLayout, SettingsUpdate } from '@shared/settings'
import { providerLayout, specLayout } from '@shared/settings'
import type { GlobalOptions } from './options'
import type { RouteMemory } from './route-memory'

export const API_KEY_ENV = 'MARKET_API_KEY'

/** Upper bound for stopping the demo service and closing connections at exit. */
const DISPOSE_TIMEOUT_MS = 2_000

export interface Session {
  handlers: Handlers
  close(): Promise<void>
}

export function apiKeyFrom(env: Readonly<Record<string, string | undefined>>): string | undefined {
  return env[API_KEY_ENV]?.trim() || undefined
}

/** The layout the run starts with: the one chosen, else the one remembered (auto). */
function startingLayout(options: GlobalOptions, memory: RouteMemory): RouteLayout | undefined {
  if (options.connection.mode === 'demo') return undefined
  const { baseUrl, placement } = options.connection
  if (options.layout === 'spec') return specLayout(placement)
  if (options.layout === 'provider') return providerLayout()
  return memory.recall(baseUrl)
}

function settingsFor(options: GlobalOptions, layout: RouteLayout | undefined): SettingsUpdate {
  const ms = options.timeoutMs
  const timeouts =
    ms === undefined ? {} : { timeouts: { connectMs: ms, headersMs: ms, bodyMs: ms } }
  if (options.connection.mode === 'demo') return { connectionMode: 'demo', ...timeouts }
  return {
    connectionMode: 'remote',
    baseUrl: options.connection.baseUrl,
    parameterPlacement: options.connection.placement,
    routeLayouts: layout ? { [options.connection.baseUrl]: layout } : {},
    ...timeouts
  }
}

export async function openSession(
  options: GlobalOptions,
  apiKey: string | undefined,
  logger: AppLogger,
  memory: RouteMemory,
  onServiceState?: (state: ServiceState) => void
): Promise<Result<Session>> {
  if (options.connection.mode === 'remote' && apiKey === undefined) {
    return err(
      'NOT_CONFIGURED',
      `No API key: set the ${API_KEY_ENV} environment variable to your service key (it is not taken as a flag, so it never shows in ps), or use --demo.`
    )
  }
  // The demo service has its own per-run key: the user's key goes nowhere near it.
  const key = options.connection.mode === 'remote' ? apiKey : undefined
  const core = createAppCore({
    vault: createMemoryVault(key === undefined ? {} : { key }),
    logger,
    emitServiceState: onServiceState,
    disposeTimeoutMs: DISPOSE_TIMEOUT_MS,
    // A layout chosen on the command line is used as given: a missing route is reported.
    rediscoverRoutes: options.layout === 'auto'
  })
  const layout = startingLayout(options, memory)
  /** auto: what discovery found this run is remembered for the next. */
  const rememberFound = (): void => {
    if (options.connection.mode === 'demo' || options.layout !== 'auto') return
    const { baseUrl } = options.connection
    const found = core.settings.get().routeLayouts[baseUrl]
    if (found && JSON.stringify(found) !== JSON.stringify(layout)) memory.remember(baseUrl, found)
  }
  const close = async (): Promise<void> => {
    try {
      rememberFound()
    } finally {
      await core.dispose()
    }
  }
  const applied = await core.handlers.updateSettings(settingsFor(options, layout))
  if (!applied.ok) {
    await close()
    return applied
  }
  return ok({ handlers: core.handlers, close })
}
