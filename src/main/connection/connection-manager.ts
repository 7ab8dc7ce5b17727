/**
 * The connection manager: yields a ServiceClient for the current settings, and the quota guard of
 * the service it calls. Demo mode (the default) starts the embedded service on 127.0.0.1 on first
 * use (again after a failure to start) with a random per-launch key, and stops it once "Your
 * service" is selected and nothing uses it; remote mode uses the base URL from settings and the
 * key from the vault. The service in use is the connection settings plus the key: when either changes, the
 * next call gets a new client with a fresh guard. A remote service's route layout is the one saved
 * for its base URL, found again for one operation when its route answers "no such route".
 */
import { randomBytes } from 'node:crypto'
import { createServiceClient, isSendableHeaderValue } from '../client/client'
import type { ServiceClient } from '../client/client'
import type { ServiceClientOptions } from '../client/options'
import { ERRORS } from '@shared/errors/catalogue'
import { describeError } from '@shared/errors/next-steps'
import { failure, ok } from '@shared/result'
import type { ConnectionDraft, ConnectionStatus, ServiceState } from '@shared/contract'
import type { AppError, DataSource, Result } from '@shared/result'
import type {
  OperationRoute,
  RouteLayout,
  RoutedOperation,
  Settings,
  SettingsUpdate
} from '@shared/settings'
import { layoutFor, specLayout, withRouteLayout } from '@shared/settings'
import { createClientProbe, discoverLayout } from '../discovery/discover'
import type { ClientProbe } from '../discovery/discover'
import type { AppLogger } from '../logging/logger'
import { errorName, silentLogger } from '../logging/logger'
import type { KeyVault } from '../vault/key-vault'
import { createQuotaGuard } from './quota-guard'
import type { QuotaGuard } from './quota-guard'

/** Starts the embedded service on a loopback port, accepting only `apiKey`. */
export type StartDemoService = (
  apiKey: string
) => Promise<{ baseUrl: string; close(): Promise<void> }>

/** What discovery needs for one connection: a probe (close it when done) and the known layout. */
export interface Prober {
  probe: ClientProbe
  baseUrl: string
  /** The layout in use for this base URL (discovery starts from it). */
  fallback: RouteLayout
  /** Saves what discovery found for this base URL; absent for a draft or demo (nothing saved). */
  save?: (layout: RouteLayout) => void
  /** Tells the saved service's quota guard how the test went; absent for a draft. */
  record?: (result: Result<unknown>) => void
}

export type ConnectionManager = ReturnType<typeof createConnectionManager>

export interface ConnectionManagerOptions {
  /** `update` saves discovered route layouts (without it, they are used but not kept). */
  settings: { current(): Readonly<Settings>; update?(patch: SettingsUpdate): unknown }
  vault: Pick<KeyVault, 'getKey'>
  startDemoService?: StartDemoService | undefined
  createClient?: (options: ServiceClientOptions) => ServiceClient
  logger?: AppLogger
  /** Told every change of what the quota guard of the service in use does (the window shows it). */
  emitServiceState?: (state: ServiceState) => void
  /** Wall-clock time the guards stamp the last answers with (tests). */
  wallClock?: (() => Date) | undefined
  /** On a route-level 404, find the operation again and retry once (default true). */
  rediscoverRoutes?: boolean
}

export const DEMO_PLACEHOLDER_URL = 'http://127.0.0.1'

const missingParts = (baseUrl: string, hasKey: boolean): string[] => [
  ...(baseUrl ? [] : ['the service base URL']),
  ...(hasKey ? [] : ['your API key'])
]

/** The key saved in the vault: there, none, or a vault that throws (a locked keychain). */
type SavedKey = { kind: 'key'; key: string } | { kind: 'none' } | { kind: 'unreadable' }

/** Reads the saved key without throwing (a client reads it through `vault.getKey` at each call). */
function savedKey(vault: Pick<KeyVault, 'getKey'>): SavedKey {
  try {
    const key = vault.getKey()
    return key ? { kind: 'key', key } : { kind: 'none' }
  } catch {
    return { kind: 'unreadable' }
  }
}

/** Why the saved settings and key cannot reach the user's service yet, or undefined. */
function remoteProblem(settings: Settings, saved: SavedKey): AppError | undefined {
  if (saved.kind === 'unreadable') return ERRORS.keyUnreadable()
  const missing = missingParts(settings.baseUrl, saved.kind === 'key')
  return missing.length > 0 ? ERRORS.remoteNotConfigured(missing) : undefined
}

/** The key a test of the form uses: typed, else saved; or why there is none to use. */
function draftKey(draft: ConnectionDraft, vault: Pick<KeyVault, 'getKey'>): Result<string> {
  const saved: SavedKey =
    draft.apiKey === undefined ? savedKey(vault) : { kind: 'key', key: draft.apiKey }
  if (saved.kind === 'unreadable') return failure(ERRORS.keyUnreadable())
  const key = saved.kind === 'key' ? saved.key : undefined
  if (key !== undefined && !isSendableHeaderValue(key)) {
    const which = draft.apiKey === undefined ? 'saved earlier' : 'typed above'
    return failure(ERRORS.unsendableKey(which))
  }
  const missing = missingParts(draft.baseUrl, Boolean(key))
  return key && missing.length === 0 ? ok(key) : failure(ERRORS.draftIncomplete(missing))
}

export function createConnectionManager(options: ConnectionManagerOptions) {
  const { settings, vault } = options
  const logger = options.logger ?? silentLogger
  // Every client: offline with the settings. A client given no logger builds no per-request log
  // line: the silent one would only drop it.
  const common = {
    isOffline: (): boolean => settings.current().offlineMode,
    ...(logger === silentLogger ? {} : { logger })
  }
  const createClient = options.createClient ?? createServiceClient
  /** The client made for the guard in use (closed once another is made, or the demo stops). */
  let cached: { guard: QuotaGuard; client: ServiceClient; mode: DataSource } | undefined
  let disposed = false
  let stopping: Promise<void> | undefined
  /** The demo service: this launch's key, the service once started, its address while it runs. */
  const demoKey = randomBytes(32).toString('base64url')
  let demoRunning: ReturnType<StartDemoService> | undefined
  let demoBaseUrl: string | undefined
  /** The calls and connection tests using the demo service now (it is not stopped under them). */
  let demoHolders = 0
  /** The service in use (its connection settings and key) and its quota guard. */
  let inUse: { identity: string; key: string | undefined; guard: QuotaGuard } | undefined
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

  /**
   * The quota guard of the service the settings (and the saved key, read if not given) name now:
   * a fresh one whenever they change. Only the guard in use tells the window of its state (a guard
   * left behind may still answer calls in flight, silently).
   */
  const guardNow = (current: Settings = settings.current(), saved?: SavedKey): QuotaGuard => {
    const demoMode = current.connectionMode === 'demo'
    const identity = JSON.stringify(
      demoMode
        ? ['demo', demoBaseUrl ?? '', current.timeouts]
        : ['remote', current.baseUrl, current.parameterPlacement, current.timeouts]
    )
    const remoteKey = demoMode ? undefined : (saved ?? savedKey(vault))
    const key = demoMode ? demoKey : remoteKey?.kind === 'key' ? remoteKey.key : undefined
    if (inUse?.identity === identity && inUse.key === key) return inUse.guard
    const guard = createQuotaGuard({
      ...(options.wallClock ? { wallClock: options.wallClock } : {}),
      onChange: (state) => {
        if (inUse?.guard === guard) tell(state)
      }
    })
    inUse = { identity, key, guard }
    tell(guard.state())
    return guard
  }

  const clientFor = (
    mode: DataSource,
    baseUrl: string,
    current: Settings,
    getApiKey: () => string | undefined
  ): ServiceClient => {
    const guard = guardNow(current)
    // The guard is the service's (mode, base URL, key, timeouts): the same guard, the same client.
    if (cached?.guard === guard) return cached.client
    if (cached) void closeClient(cached)
    const remote = mode === 'remote'
    const client = createClient({
      baseUrl,
      getApiKey,
      source: mode,
      parameterPlacement: remote ? current.parameterPlacement : 'query',
      // Demo: the embedded service in its spec layout. Remote: the layout saved for the base URL,
      // read at each call, so saving a discovered one does not rebuild the client.
      ...(remote ? { routes: routesOf(baseUrl) } : {}),
      ...(remote && options.rediscoverRoutes !== false
        ? { rediscover: (operation: RoutedOperation) => rediscover(baseUrl, operation) }
        : {}),
      timeouts: current.timeouts,
      guard,
      ...common
    })
    cached = { guard, client, mode }
    return client
  }

  const closeClient = ({ guard, client }: NonNullable<typeof cached>): Promise<void> => {
    guard.close()
    return client.close().catch(() => undefined)
  }

  const probeFor = (baseUrl: string, mode: DataSource, getApiKey: () => string | undefined) => {
    const timeouts = settings.current().timeouts
    return createClientProbe(
      { baseUrl, getApiKey, source: mode, timeouts, ...common },
      createClient
    )
  }

  /**
   * The routes saved for `baseUrl`, as the settings hold them at each call. None saved: none given,
   * and the client calls each operation at its spec path with the parameter placement of settings.
   */
  const routesOf = (baseUrl: string) => (): Partial<RouteLayout['routes']> =>
    settings.current().routeLayouts[baseUrl]?.routes ?? {}

  const saveLayout = (baseUrl: string, layout: RouteLayout): void => {
    const saved = settings.current().routeLayouts
    try {
      settings.update?.({ routeLayouts: withRouteLayout(saved, baseUrl, layout) })
    } catch (error) {
      logger.warn('discovered layout not saved', { error: errorName(error) })
    }
  }

  /**
   * Rediscoveries this session, per base URL and operation: each runs at most once (a metered
   * key), and calls that meet the same missing route meanwhile share its answer. A layout a full
   * discovery saves for the base URL (a connection test) lets a later route-level 404 look again.
   */
  const rediscovered = new Map<string, Map<RoutedOperation, Promise<OperationRoute | undefined>>>()
  const rediscover = (baseUrl: string, operation: RoutedOperation) => {
    if (disposed) return Promise.resolve(undefined)
    const started = rediscovered.get(baseUrl) ?? new Map()
    const running = started.get(operation) ?? findAgain(baseUrl, operation).catch(() => undefined)
    rediscovered.set(baseUrl, started.set(operation, running))
    return running
  }
  const findAgain = async (baseUrl: string, operation: RoutedOperation) => {
    const { probe, close } = probeFor(baseUrl, 'remote', () => vault.getKey())
    try {
      const fallback = layoutFor(settings.current(), baseUrl)
      const report = await discoverLayout({ baseUrl, probe, only: [operation], fallback })
      const row = report.rows[0]
      const { requests } = report
      logger.info('route rediscovered', { operation, outcome: row?.outcome, requests })
      if (row?.outcome !== 'works' && row?.outcome !== 'no-data') return undefined
      saveLayout(baseUrl, report.layout)
      return report.layout.routes[operation]
    } finally {
      await close().catch(() => undefined)
    }
  }

  /**
   * Applies a change of settings or key: the service now in use gets a fresh guard (its state is
   * told), and the demo service stops once nothing uses it after a switch to "Your service" (the
   * calls that were using it, and connection tests on it, end first). The next use of demo data
   * starts it again.
   */
  const settle = (): Promise<void> => {
    if (!disposed) guardNow()
    return (stopping ??= stopUnusedDemo().finally(() => (stopping = undefined)))
  }

  /** Stops the demo service, its client first, when it is not selected and nothing holds it. */
  const stopUnusedDemo = async (): Promise<void> => {
    const service = demoRunning
    if (settings.current().connectionMode === 'demo' || demoHolders > 0 || !service) return
    demoRunning = undefined
    demoBaseUrl = undefined
    if (cached?.mode === 'demo') {
      const demoClient = cached
      cached = undefined
      await closeClient(demoClient)
    }
    await service.then((started) => started.close()).catch(() => undefined)
    logger.info('demo service stopped: your service is selected')
  }

  /** Keeps the demo service up until the returned release, even when "Your service" is saved. */
  const holdDemo = (): (() => void) => {
    demoHolders += 1
    let released = false
    return () => {
      if (released) return
      released = true
      demoHolders -= 1
      void settle()
    }
  }

  /** Starts the demo service if need be: its address, or why there is none. */
  const demoAddress = async (): Promise<Result<string>> => {
    const start = options.startDemoService
    if (!start) return failure(ERRORS.demoUnavailable())
    try {
      // Started once; a failed start is tried again by the next use.
      demoRunning ??= start(demoKey).then(
        (service) => {
          demoBaseUrl = service.baseUrl
          logger.info('demo service started', { baseUrl: service.baseUrl })
          return service
        },
        (error: unknown) => {
          demoRunning = undefined
          throw error
        }
      )
      const service = await demoRunning
      return disposed ? failure(ERRORS.shuttingDown()) : ok(service.baseUrl)
    } catch (error) {
      logger.error('demo service could not start', {
        error: error instanceof Error ? error.message : String(error)
      })
      return failure(ERRORS.demoFailed())
    }
  }

  const recordTest = (result: Result<unknown>): void => guardNow().record(result)

  /**
   * A discovery probe for the saved connection (no draft) or for what Settings' form holds
   * (nothing is saved; its errors say what to fill in on that screen, never "Open Settings").
   */
  const prober = async (draft?: ConnectionDraft): Promise<Result<Prober>> => {
    if (disposed) return failure(ERRORS.shuttingDown())
    const current = settings.current()
    if ((draft?.connectionMode ?? current.connectionMode) === 'demo') {
      const release = holdDemo()
      const address = await demoAddress()
      if (!address.ok) {
        release()
        return address
      }
      const opened = probeFor(address.data, 'demo', () => demoKey)
      const probe = { ...opened, close: () => opened.close().finally(release) }
      const record = draft ? {} : { record: recordTest }
      return ok({ probe, baseUrl: address.data, fallback: specLayout('query'), ...record })
    }
    if (draft) {
      const key = draftKey(draft, vault)
      if (!key.ok) return key
      const fallback = current.routeLayouts[draft.baseUrl] ?? specLayout(draft.parameterPlacement)
      const probe = probeFor(draft.baseUrl, 'remote', () => key.data)
      return ok({ probe, baseUrl: draft.baseUrl, fallback })
    }
    const problem = remoteProblem(current, savedKey(vault))
    if (problem) return failure(problem)
    const { baseUrl } = current
    return ok({
      probe: probeFor(baseUrl, 'remote', () => vault.getKey()),
      baseUrl,
      fallback: layoutFor(current, baseUrl),
      save: (layout) => {
        saveLayout(baseUrl, layout)
        rediscovered.delete(baseUrl)
      },
      record: recordTest
    })
  }

  const acquire = async (current: Settings): Promise<Result<ServiceClient>> => {
    if (disposed) return failure(ERRORS.shuttingDown())
    if (current.connectionMode === 'demo') {
      const address = await demoAddress()
      return address.ok ? ok(clientFor('demo', address.data, current, () => demoKey)) : address
    }
    const problem = remoteProblem(current, savedKey(vault))
    if (problem) return failure(problem)
    // Only a demo service still running has anything to stop.
    if (demoBaseUrl !== undefined) void settle()
    return ok(clientFor('remote', current.baseUrl, current, () => vault.getKey()))
  }

  return {
    prober,
    /**
     * Runs `work` with the client for the settings read now, or NOT_CONFIGURED / INTERNAL. A demo
     * service in use this way is not stopped by a switch to "Your service" until `work` has ended.
     */
    async use<T>(work: (acquired: Result<ServiceClient>) => Promise<T>): Promise<T> {
      const current = settings.current()
      // Held before acquiring: a switch made while the demo address resolves must wait too.
      const release = current.connectionMode === 'demo' ? holdDemo() : undefined
      try {
        return await work(await acquire(current))
      } finally {
        release?.()
      }
    },
    settle,
    /**
     * What the status line shows of the connection: demo, or the user's service (configured once
     * its URL and key are saved; a saved key that cannot be read is still configured, with a
     * notice saying what to do), and what the quota guard of the service in use lets through,
     * with its last answers. The vault is read once.
     */
    status(): Omit<ConnectionStatus, 'offlineMode'> {
      const current = settings.current()
      const saved = current.connectionMode === 'demo' ? undefined : savedKey(vault)
      const guard = guardNow(current, saved)
      const service = { service: guard.state(), ...guard.lastAnswer() }
      if (!saved) {
        const baseUrl = demoBaseUrl ?? DEMO_PLACEHOLDER_URL
        return { mode: 'demo', baseUrl, configured: Boolean(options.startDemoService), ...service }
      }
      return {
        mode: 'remote',
        baseUrl: current.baseUrl,
        configured: missingParts(current.baseUrl, saved.kind !== 'none').length === 0,
        ...(saved.kind === 'unreadable'
          ? { notices: [describeError(ERRORS.keyUnreadable(), 'app')] }
          : {}),
        ...service
      }
    },
    /** The user's "Retry now": the guard of the service in use ends its hold, pause or stop. */
    resumeService: (): ServiceState => guardNow().resume(),
    async dispose(): Promise<void> {
      disposed = true
      const client = cached
      cached = undefined
      inUse?.guard.close()
      const demo = demoRunning
      demoRunning = undefined
      await Promise.allSettled([
        client && closeClient(client),
        demo?.then((started) => started.close())
      ])
    }
  }
}
