/**
 * The operations behind window.market, as plain async functions: no electron import, so the same
 * handlers run in the app, in Node tests, in the browser e2e harness and in the CLI.
 */
import { CONNECTION_TEST_DEADLINE_MS, DEMO_NOTICE } from '@shared/contract'
import type {
  BatchProgressEvent,
  ConnectionDraft,
  ConnectionStatus,
  ConnectionTestOutput,
  FlushAnswer
} from '@shared/contract'
import { discoverLayout } from '../discovery/discover'
import type { Handlers, OperationOutput, ParsedInput } from '@shared/operations'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import { ROUTED_OPERATIONS } from '@shared/settings'
import type { RoutedOperation } from '@shared/settings'
import type { AppLogger } from '../logging/logger'
import { errorName, silentLogger } from '../logging/logger'
import type { SettingsStore } from '../settings/settings-store'
import type { KeyVault } from '../vault/key-vault'
import type { ConnectionManager } from '../connection/connection-manager'
import { DEFAULT_CONCURRENCY } from '../connection/quota-guard'
import { createBatchRunner } from './batch'
import type { ReportExporter } from '../save-dialog/save-file'

export interface HandlerDeps {
  settings: SettingsStore
  vault: KeyVault
  connection: ConnectionManager
  logger?: AppLogger
  /**
   * Receives batch progress (main forwards it to the window on EVENTS.batchProgress). With it,
   * each item's Result goes out in progress events only; without it (CLI, tests) the batch's
   * reply carries them.
   */
  emitBatchProgress?: (event: BatchProgressEvent) => void
  /** The renderer's answers to flush requests (main's close guard). True: it was awaited. */
  onFlushAnswer?: (answer: FlushAnswer) => boolean
  /** Saves the window's report as PDF (the app passes one; elsewhere the operation is refused). */
  exportReport?: ReportExporter
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { settings, vault, connection } = deps
  const logger = deps.logger ?? silentLogger
  const batches = createBatchRunner({
    use: (work) => connection.use(work),
    concurrency: DEFAULT_CONCURRENCY,
    logger,
    emitBatchProgress: deps.emitBatchProgress
  })

  /** The connection tests running now (cancelConnectionTest ends them). */
  const runningTests = new Set<AbortController>()

  /**
   * Discovery for the saved connection (no draft) or the form's values: where each operation
   * lives, with the locations round trip timed. The saved remote connection keeps the layout found.
   * A test ended by its deadline or a cancel answers with what it tried, and keeps nothing.
   */
  async function testConnection(
    draft: ConnectionDraft | undefined
  ): Promise<Result<ConnectionTestOutput>> {
    const prepared = await connection.prober(draft)
    if (!prepared.ok) return prepared
    const { probe, baseUrl, fallback, save, record } = prepared.data
    const cancel = new AbortController()
    runningTests.add(cancel)
    const report = await discoverLayout({
      baseUrl,
      probe: probe.probe,
      fallback,
      signal: cancel.signal
    }).finally(() => {
      runningTests.delete(cancel)
      return probe.close().catch(() => undefined)
    })
    const { stopped, requests, locationsFound, locationsMs: latencyMs } = report
    const tried = {
      latencyMs,
      locationsFound,
      baseUrl,
      discovery: report.rows,
      discoveryRequests: requests
    }
    if (stopped) {
      logger.warn('connection test stopped', { why: stopped, requests })
      const error = ERRORS.connectionTestStopped(stopped, requests, CONNECTION_TEST_DEADLINE_MS)
      const details: ConnectionTestOutput = { ...tried, layoutSaved: false, stopped }
      return failure({ ...error, details })
    }
    const result = report.locationsResult ?? failure(ERRORS.failedContactingService())
    record?.(result)
    if (!result.ok) {
      logger.warn('connection test failed', { code: result.error.code })
      return result
    }
    save?.(report.layout)
    const saved = save !== undefined
    logger.info('connection test passed', { latencyMs, locationsFound, requests, saved })
    return ok({ ...tried, layoutSaved: saved } satisfies ConnectionTestOutput, result.meta)
  }

  /** A single lookup: the service client's call of the same name, with the parsed input. */
  const lookup = <K extends RoutedOperation>(operation: K) => {
    type Call = (query: ParsedInput<K>) => Promise<Result<OperationOutput<K>>>
    // The client reads only its operation's fields: the input is passed as is, not copied.
    return (input: ParsedInput<K>) =>
      connection.use(async (acquired) => {
        if (!acquired.ok) return acquired
        const result = await (acquired.data[operation] as Call)(input)
        if (!result.ok) logger.warn('operation failed', { operation, code: result.error.code })
        return result
      })
  }
  const lookups = Object.fromEntries(
    ROUTED_OPERATIONS.map((operation) => [operation, lookup(operation)])
  ) as Pick<Handlers, RoutedOperation>

  return {
    ...lookups,
    batchLookup: (input) => batches.run(input),
    cancelBatch: async ({ batchId }) => ok({ cancelled: batches.cancel(batchId) }),
    resumeService: async () => ok(connection.resumeService()),
    getSettings: async () => ok(settings.get()),
    async updateSettings(input) {
      const result = settings.update(input)
      // The connection manager alone tells whether the service in use changed (a fresh guard).
      if (result.ok) await connection.settle()
      return result
    },
    async setApiKey({ key, persistence }) {
      try {
        const stored = await vault.setKey(key, persistence)
        if (stored.ok) await connection.settle()
        return stored
      } catch (error) {
        logger.error('API key could not be stored', { error: errorName(error) })
        return failure(ERRORS.keyNotSaved())
      }
    },
    async clearApiKey() {
      const status = await vault.clear()
      await connection.settle()
      return ok(status)
    },
    getKeyStatus: async () => ok(vault.status()),
    testConnection: (draft) => testConnection(draft),
    cancelConnectionTest: async () => {
      for (const test of runningTests) test.abort()
      return ok({ cancelled: runningTests.size > 0 })
    },
    exportReport: async (input) =>
      (await deps.exportReport?.(input)) ?? failure(ERRORS.reportUnavailable()),
    async getConnectionStatus() {
      const { notices: keyNotices = [], ...connected } = connection.status()
      // A saved key that can no longer be decrypted or read is news the user needs on any screen.
      const keyWarning = vault.status().warning
      const notices = [...settings.notices(), ...keyNotices, ...(keyWarning ? [keyWarning] : [])]
      const status: ConnectionStatus = {
        ...connected,
        offlineMode: settings.get().offlineMode,
        ...(connected.mode === 'demo' ? { demoNotice: DEMO_NOTICE } : {}),
        ...(notices.length > 0 ? { notices } : {})
      }
      return ok(status)
    },
    answerFlush: async (answer) => ok({ accepted: deps.onFlushAnswer?.(answer) ?? false })
  }
}
