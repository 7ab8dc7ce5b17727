/**
 * One place that wires settings, key vault, connection and handlers, so the Electron main
 * process, the CLI and the e2e harness run exactly the same thing.
 */
import type { BatchProgressEvent, FlushAnswer, ServiceState } from '@shared/contract'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import { createSettingsStore } from '../settings/settings-store'
import type { CiphertextStore } from '../settings/settings-store'
import { memoryFile } from '../settings/guarded-file'
import type { GuardedFile } from '../settings/guarded-file'
import type { KeyVault } from '../vault/key-vault'
import { createConnectionManager } from '../connection/connection-manager'
import type { ConnectionManagerOptions, CreateClient } from '../connection/connection-manager'
import type { StartDemoService } from '../connection/demo-lifecycle'
import { createHandlers } from '../handlers/create-handlers'
import type { ReportExporter } from '../report/export-report'
import { startEmbeddedDemoService } from './demo-service'

export interface AppCoreOptions {
  /** Folder for settings.json (Electron's userData; a temp dir in tests). Omitted: settings
   * live in memory for this run and nothing is written to disk (the CLI). */
  userDataDir?: string
  /** How settings.json in userDataDir is stored (the app: electron-store); default conf. */
  settingsStorage?: (directory: string) => GuardedFile
  /** A vault, or a factory given the store for the key's ciphertext (the safeStorage vault). */
  vault: KeyVault | ((ciphertexts: CiphertextStore) => KeyVault)
  logger?: AppLogger
  /** Default: the embedded service on 127.0.0.1 (src/service). */
  startDemoService?: StartDemoService
  /** Without it, a batch's reply carries its items' Results (see HandlerDeps.emitBatchProgress). */
  emitBatchProgress?: (event: BatchProgressEvent) => void
  /** What the quota guard of the service in use does, on every change (EVENTS.serviceState). */
  emitServiceState?: (state: ServiceState) => void
  /** The renderer's answers to flush requests (main's close guard). */
  onFlushAnswer?: (answer: FlushAnswer) => boolean
  /** Saves the window's location report as PDF. */
  exportReport?: ReportExporter
  /** Wall-clock time of the status line's last answers (and settings notices). */
  clock?: () => Date
  /** The quota guards' monotonic clock and sleeps (tests). */
  guardClocks?: ConnectionManagerOptions['guardClocks']
  createClient?: CreateClient
  /** Upper bound for dispose() (closing the client, stopping the demo service). */
  disposeTimeoutMs?: number
  /**
   * On a route-level 404, find the operation again and retry once (default true). Off when the
   * user chose a layout explicitly: the CLI's --layout spec|provider.
   */
  rediscoverRoutes?: boolean
}

export type AppCore = ReturnType<typeof createAppCore>

export function createAppCore(options: AppCoreOptions) {
  const logger = options.logger ?? silentLogger
  const settings = createSettingsStore({
    ...(options.userDataDir === undefined
      ? { storage: memoryFile(), persistent: false }
      : options.settingsStorage
        ? { storage: options.settingsStorage(options.userDataDir), persistent: true }
        : { directory: options.userDataDir }),
    logger,
    ...(options.clock ? { clock: options.clock } : {})
  })
  const vault =
    typeof options.vault === 'function' ? options.vault(settings.keyCiphertext) : options.vault
  const connection = createConnectionManager({
    settings,
    vault,
    startDemoService: options.startDemoService ?? startEmbeddedDemoService,
    logger,
    ...(options.emitServiceState ? { emitServiceState: options.emitServiceState } : {}),
    guardClocks: {
      ...(options.clock ? { wallClock: options.clock } : {}),
      ...options.guardClocks
    },
    ...(options.createClient ? { createClient: options.createClient } : {}),
    ...(options.rediscoverRoutes === false ? { rediscoverRoutes: false } : {})
  })
  const handlers = createHandlers({
    settings,
    vault,
    connection,
    logger,
    ...(options.emitBatchProgress ? { emitBatchProgress: options.emitBatchProgress } : {}),
    ...(options.onFlushAnswer ? { onFlushAnswer: options.onFlushAnswer } : {}),
    ...(options.exportReport ? { exportReport: options.exportReport } : {})
  })
  let disposing: Promise<void> | undefined
  return {
    handlers,
    settings,
    vault,
    /** Stops the demo service and closes connections; resolves within disposeTimeoutMs. */
    dispose(): Promise<void> {
      disposing ??= withTimeout(connection.dispose(), options.disposeTimeoutMs ?? 3_000, () =>
        logger.warn('shutdown timed out; leaving the rest to process exit')
      )
      return disposing
    }
  }
}

function withTimeout(work: Promise<void>, ms: number, onTimeout: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      onTimeout()
      resolve()
    }, ms)
    timer.unref()
  })
  return Promise.race([work.catch(() => undefined), timeout]).finally(() => clearTimeout(timer))
}
