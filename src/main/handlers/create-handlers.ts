/**
 * The operations behind window.market, as plain async functions: no electron import, so the same
 * handlers run in the app, in Node tests, in the browser e2e harness and in the CLI.
 */
import { DEFAULT_CONCURRENCY } from '../client'
import type { OnRetryWait, ServiceClient } from '../client'
import type {
  BatchProgressEvent,
  ConnectionDraft,
  ConnectionStatus,
  ConnectionTestOutput,
  FlushAnswer,
  ServiceWaitEvent
} from '@shared/contract'
import { discoverLayout } from '../discovery'
import type { DiscoveryReport } from '../discovery'
import { SERVICE_OPERATIONS } from '@shared/operations'
import type {
  Handlers,
  LookupParams,
  OperationOutput,
  ParsedInput,
  ServiceOperation
} from '@shared/operations'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { Settings } from '@shared/settings'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import type { KeyVault } from '../vault/key-vault'
import { PERSISTENCE_REFUSED_WARNING } from '../vault/key-vault'
import { createBatchRunner } from './batch'
import { createCancellableRequests } from './cancellable-requests'
import type { ConnectionManager } from './connection'
import { connectionKey, createStatusTracker } from './status-tracker'
import type { ReportExporter } from '../report/export-report'

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
  /**
   * Receives each wait before a retry of a lookup the renderer named with a requestId (main
   * forwards it to the window on EVENTS.serviceWait, so the screen can say why it waits).
   */
  emitServiceWait?: (event: ServiceWaitEvent) => void
  /** The renderer's answers to flush requests (main's close guard). True: it was awaited. */
  onFlushAnswer?: (answer: FlushAnswer) => boolean
  /** Saves the window's report as PDF (the app passes one; elsewhere the operation is refused). */
  exportReport?: ReportExporter
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
    use: (work) => connection.use(work),
    tracker,
    concurrency: deps.batchConcurrency ?? DEFAULT_CONCURRENCY,
    logger,
    emitBatchProgress: deps.emitBatchProgress,
    emitItemWait: (requestId, wait) => emitWait(requestId, wait)
  })

  const requests = createCancellableRequests()

  const emitWait = (requestId: string, wait: Parameters<OnRetryWait>[0]): void => {
    const event: ServiceWaitEvent = {
      requestId,
      reason: wait.reason,
      waitMs: Math.max(0, Math.round(wait.delayMs)),
      attempt: wait.nextAttempt,
      maxAttempts: wait.maxAttempts
    }
    try {
      deps.emitServiceWait?.(event)
    } catch {
      logger.warn('a wait could not be reported to the window', { reason: wait.reason })
    }
  }

  /**
   * Runs one service call with the current client and records how it went. With a requestId the
   * call can be cancelled (cancelRequest); a cancelled call is not recorded as a service error.
   */
  function withClient<T>(
    operation: string,
    requestId: string | undefined,
    call: (
      client: ServiceClient,
      signal: AbortSignal | undefined,
      onWait: OnRetryWait
    ) => Promise<Result<T>>
  ): Promise<Result<T>> {
    return requests.run(requestId, (signal) =>
      connection.use(async (acquired) => {
        const key = acquired.ok ? connectionKey(acquired.data) : undefined
        const onWait: OnRetryWait = (wait) => {
          tracker.noteWait(wait, key)
          if (requestId !== undefined) emitWait(requestId, wait)
        }
        const result = acquired.ok ? await call(acquired.data.client, signal, onWait) : acquired
        if (!result.ok && result.error.code === 'CANCELLED') return result
        tracker.record(result, key)
        if (!result.ok) logger.warn('operation failed', { operation, code: result.error.code })
        return result
      })
    )
  }

  /**
   * Discovery for the saved connection (no draft) or the form's values: where each operation
   * lives, with the locations round trip timed. The saved remote connection keeps the layout found.
   */
  async function testConnection(
    draft: ConnectionDraft | undefined
  ): Promise<Result<ConnectionTestOutput>> {
    const prepared = await connection.prober(draft)
    if (!prepared.ok) {
      if (!draft) tracker.record(prepared)
      return prepared
    }
    const { probe, baseUrl, fallback, save } = prepared.data
    let report: DiscoveryReport
    try {
      report = await discoverLayout({ baseUrl, probe: probe.probe, fallback })
    } finally {
      await probe.close().catch(() => undefined)
    }
    const located = report.locationsResult
    const result: Result<unknown> =
      located === undefined ? failure(ERRORS.failedBeforeContacting()) : located
    if (!draft) tracker.record(result, connectionKey(connection.describe()))
    if (!result.ok) {
      logger.warn('connection test failed', { code: result.error.code })
      return result
    }
    const layoutSaved = save !== undefined
    save?.(report.layout)
    const output: ConnectionTestOutput = {
      latencyMs: report.locationsMs,
      locationsFound: report.locationsFound,
      baseUrl,
      discovery: report.rows,
      discoveryRequests: report.requests,
      layoutSaved
    }
    logger.info('connection test passed', {
      latencyMs: output.latencyMs,
      locationsFound: output.locationsFound,
      requests: report.requests,
      saved: layoutSaved
    })
    return ok(output, result.meta)
  }

  /** A single lookup: the service client's call of the same name, with the parsed input. */
  const lookup = <K extends ServiceOperation>(operation: K) => {
    type Call = (
      query: LookupParams<K>,
      signal: AbortSignal | undefined,
      onWait: OnRetryWait
    ) => Promise<Result<OperationOutput<K>>>
    // The client reads only its operation's fields: the input is passed as is, not copied.
    return (input: ParsedInput<K>) =>
      withClient(operation, input.requestId, (client, signal, onWait) =>
        (client[operation] as Call)(input as LookupParams<K>, signal, onWait)
      )
  }
  const lookups = Object.fromEntries(
    SERVICE_OPERATIONS.map((operation) => [operation, lookup(operation)])
  ) as Pick<Handlers, ServiceOperation>

  return {
    ...lookups,
    cancelRequest: async ({ requestId }) => ok({ cancelled: requests.cancel(requestId) }),
    batchLookup: (input) => batches.run(input),
    cancelBatch: async ({ batchId }) => ok({ cancelled: batches.cancel(batchId) }),
    getSettings: async () => ok(settings.get()),
    async updateSettings(input) {
      const before = settings.get()
      const result = settings.update(input)
      if (result.ok && connectionChanged(before, result.data)) {
        tracker.clearError()
        await connection.settle()
      }
      return result
    },
    async setApiKey({ key, persistence }) {
      if (persistence === 'persistent' && !vault.status().encryptionAvailable) {
        return failure(ERRORS.keyNotStored(PERSISTENCE_REFUSED_WARNING))
      }
      try {
        const status = await vault.setKey(key, persistence)
        if (!status.hasKey) {
          return failure(ERRORS.keyNotStored(status.warning))
        }
        tracker.clearError()
        return ok(status)
      } catch (error) {
        logger.error('API key could not be stored', {
          error: error instanceof Error ? error.name : typeof error
        })
        return failure(ERRORS.keyNotSaved())
      }
    },
    async clearApiKey() {
      const status = await vault.clear()
      tracker.clearError()
      return ok(status)
    },
    getKeyStatus: async () => ok(vault.status()),
    testConnection: (draft) => testConnection(draft),
    exportReport: (input) =>
      deps.exportReport
        ? deps.exportReport(input)
        : Promise.resolve(failure(ERRORS.reportUnavailable())),
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
    },
    answerFlush: async (answer) => ok({ accepted: deps.onFlushAnswer?.(answer) ?? false })
  }
}
