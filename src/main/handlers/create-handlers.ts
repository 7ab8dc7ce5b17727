/**
 * The operations behind window.market, as plain async functions: no electron import, so the same
 * handlers run in the app, in Node tests, in the browser e2e harness and in the CLI.
 */
import { DEFAULT_CONCURRENCY } from '../client'
import type { ServiceClient } from '../client'
import type { BatchProgressEvent, ConnectionStatus, Handlers } from '../../shared/contract'
import { err, ok } from '../../shared/result'
import type { Result } from '../../shared/result'
import type { Settings } from '../../shared/settings'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import type { KeyVault } from '../vault/key-vault'
import { PERSISTENCE_REFUSED_WARNING } from '../vault/key-vault'
import { createBatchRunner } from './batch'
import type { ConnectionManager } from './connection'
import { connectionKey, createStatusTracker } from './status-tracker'

export interface HandlerDeps {
  settings: SettingsStore
  vault: KeyVault
  connection: ConnectionManager
  clock?: () => Date
  logger?: AppLogger
  /** Receives batch progress (main forwards it to the window on EVENTS.batchProgress). */
  emitBatchProgress?: (event: BatchProgressEvent) => void
  /** Batch items in flight at once. Default: the client's concurrency. */
  batchConcurrency?: number
}

export const DEMO_NOTICE =
  'Demo data: the neighbourhood names are real, but every price and growth figure is illustrative. Do not use it for decisions.'

const CONNECTION_FIELDS = ['connectionMode', 'baseUrl', 'parameterPlacement', 'timeouts'] as const

function connectionChanged(before: Settings, after: Settings): boolean {
  return CONNECTION_FIELDS.some(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field])
  )
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { settings, vault, connection } = deps
  const clock = deps.clock ?? (() => new Date())
  const logger = deps.logger ?? silentLogger
  const tracker = createStatusTracker(clock, () => connectionKey(connection.describe()))
  const batches = createBatchRunner({
    acquire: () => connection.acquire(),
    tracker,
    concurrency: deps.batchConcurrency ?? DEFAULT_CONCURRENCY,
    logger,
    emitBatchProgress: deps.emitBatchProgress
  })

  /** Runs one service call with the current client and records how it went. */
  async function withClient<T>(
    operation: string,
    call: (client: ServiceClient) => Promise<Result<T>>
  ): Promise<Result<T>> {
    const acquired = await connection.acquire()
    const result = acquired.ok ? await call(acquired.data.client) : acquired
    tracker.record(result, acquired.ok ? connectionKey(acquired.data) : undefined)
    if (!result.ok) logger.warn('operation failed', { operation, code: result.error.code })
    return result
  }

  return {
    listLocations: (input) => withClient('listLocations', (client) => client.listLocations(input)),
    getResidentialPrice: (input) =>
      withClient('getResidentialPrice', (client) => client.getResidentialPrice(input)),
    getGrowth: (input) => withClient('getGrowth', (client) => client.getGrowth(input)),
    getLandPrice: (input) => withClient('getLandPrice', (client) => client.getLandPrice(input)),
    batchLookup: (input) => batches.run(input),
    cancelBatch: async ({ batchId }) => ok({ cancelled: batches.cancel(batchId) }),
    getSettings: async () => ok(settings.get()),
    async updateSettings(input) {
      const before = settings.get()
      const result = settings.update(input)
      if (result.ok && connectionChanged(before, result.data)) tracker.clearError()
      return result
    },
    async setApiKey({ key, persistence }) {
      if (persistence === 'persistent' && !vault.status().encryptionAvailable) {
        return err('INVALID_INPUT', PERSISTENCE_REFUSED_WARNING)
      }
      try {
        const status = await vault.setKey(key, persistence)
        if (!status.hasKey) {
          return err('INVALID_INPUT', status.warning ?? 'The API key could not be stored.')
        }
        tracker.clearError()
        return ok(status)
      } catch (error) {
        logger.error('API key could not be stored', {
          error: error instanceof Error ? error.name : typeof error
        })
        return err(
          'INTERNAL',
          'The API key could not be encrypted and saved. Try again, or keep it for this session only.'
        )
      }
    },
    async clearApiKey() {
      const status = await vault.clear()
      tracker.clearError()
      return ok(status)
    },
    getKeyStatus: async () => ok(vault.status()),
    async testConnection() {
      const acquired = await connection.acquire()
      if (!acquired.ok) {
        tracker.record(acquired)
        return acquired
      }
      const started = performance.now()
      const result = await acquired.data.client.listLocations({ sector: 'residential' })
      const latencyMs = Math.round(performance.now() - started)
      tracker.record(result)
      if (!result.ok) {
        logger.warn('connection test failed', { code: result.error.code })
        return result
      }
      const output = {
        latencyMs,
        locationsFound: result.data.locations.length,
        baseUrl: acquired.data.baseUrl
      }
      logger.info('connection test passed', { ...output })
      return ok(output, result.meta)
    },
    async getConnectionStatus() {
      const summary = connection.describe()
      // A saved key that can no longer be decrypted is news the user needs on any screen.
      const keyWarning = vault.status().warning
      const notices = [...settings.notices(), ...(keyWarning ? [keyWarning] : [])]
      const status: ConnectionStatus = {
        ...summary,
        offlineMode: settings.get().offlineMode,
        ...tracker.snapshot(),
        ...(summary.mode === 'demo' ? { demoNotice: DEMO_NOTICE } : {}),
        ...(notices.length > 0 ? { notices } : {})
      }
      return ok(status)
    }
  }
}
