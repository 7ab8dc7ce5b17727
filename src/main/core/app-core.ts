/**
 * One place that wires settings, key vault, connection and handlers, so the Electron main
 * process, the CLI and the e2e harness run exactly the same thing.
 */
import { setTimeout as delay } from 'node:timers/promises'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import { createSettingsStore } from '../settings/settings-store'
import type { CiphertextStore } from '../settings/settings-store'
import type { GuardedFile } from '../settings/guarded-file'
import type { KeyVault } from '../vault/key-vault'
import { createConnectionManager } from '../connection/connection-manager'
import type { ConnectionManagerOptions, StartDemoService } from '../connection/connection-manager'
import { createHandlers } from '../handlers/create-handlers'
import type { HandlerDeps } from '../handlers/create-handlers'
import { startService } from '../../service'

/** The handlers' and the connection manager's options, passed on, and how to keep settings. */
export type AppCoreOptions = Pick<
  HandlerDeps,
  'emitBatchProgress' | 'onFlushAnswer' | 'exportReport'
> &
  Pick<
    ConnectionManagerOptions,
    'startDemoService' | 'emitServiceState' | 'createClient' | 'rediscoverRoutes'
  > & {
    /** Folder for settings.json (Electron's userData; a temp dir in tests). Omitted: settings
     * live in memory for this run and nothing is written to disk (the CLI). */
    userDataDir?: string
    /** How settings.json in userDataDir is stored (the app: electron-store); default conf. */
    settingsStorage?: (directory: string) => GuardedFile
    /** A vault, or a factory given the store for the key's ciphertext (the safeStorage vault). */
    vault: KeyVault | ((ciphertexts: CiphertextStore) => KeyVault)
    logger?: AppLogger
    /** Wall-clock time of the status line's last answers (and settings notices). */
    clock?: () => Date
    /** Upper bound for dispose() (closing the client, stopping the demo service). */
    disposeTimeoutMs?: number
  }

export type AppCore = ReturnType<typeof createAppCore>

/** The embedded service with the bundled illustrative dataset, on a free loopback port. */
export const startEmbeddedDemoService: StartDemoService = (apiKey) =>
  startService({ host: '127.0.0.1', port: 0, apiKey })

export function createAppCore(options: AppCoreOptions) {
  const logger = options.logger ?? silentLogger
  const settings = createSettingsStore({
    directory: options.userDataDir,
    openStorage: options.settingsStorage,
    logger,
    clock: options.clock
  })
  const vault =
    typeof options.vault === 'function' ? options.vault(settings.keyCiphertext) : options.vault
  // Each part takes its own options from the core's (the rest of them it does not read).
  const connection = createConnectionManager({
    ...options,
    settings,
    vault,
    startDemoService: options.startDemoService ?? startEmbeddedDemoService,
    logger,
    wallClock: options.clock
  })
  const handlers = createHandlers({ ...options, settings, vault, connection, logger })
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
  const timer = new AbortController()
  const timeout = delay(ms, undefined, { signal: timer.signal, ref: false }).then(
    onTimeout,
    () => {}
  )
  return Promise.race([work.catch(() => undefined), timeout]).finally(() => timer.abort())
}
