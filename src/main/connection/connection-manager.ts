/**
 * The connection manager: yields a ServiceClient for the current settings, and the quota guard of
 * the service it calls. Demo mode (the default) lazily starts the embedded service on 127.0.0.1
 * with a random per-launch key; remote mode uses the base URL from settings and the key from the
 * vault. The service in use is the connection settings plus the key: when either changes, the
 * next call gets a new client with a fresh guard.
 */
import { randomBytes } from 'node:crypto'
import { createServiceClient, isSendableHeaderValue } from '../client'
import type { ServiceClient, ServiceClientOptions } from '../client'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { ConnectionDraft, ServiceState } from '@shared/contract'
import type { AppError, DataSource, Result } from '@shared/result'
import type { RouteLayout, RoutedOperation, Settings, SettingsUpdate } from '@shared/settings'
import { layoutFor, specLayout } from '@shared/settings'
import { createClientProbe } from '../discovery'
import type { ClientProbe } from '../discovery'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import type { KeyVault } from '../vault/key-vault'
import { createQuotaGuard, DEFAULT_CONCURRENCY } from './quota-guard'
import type { LastAnswer, QuotaGuard, QuotaGuardOptions } from './quota-guard'
import { createRouteLayouts } from './route-layouts'

export interface DemoService {
  baseUrl: string
  close(): Promise<void>
}

/** Starts the embedded service on a loopback port, accepting only `apiKey`. */
export type StartDemoService = (apiKey: string) => Promise<DemoService>
export type CreateClient = (options: ServiceClientOptions) => ServiceClient

export interface Connection {
  client: ServiceClient
  mode: DataSource
  baseUrl: string
}

export interface ConnectionSummary {
  mode: DataSource
  /** Never contains the key. Demo: the loopback address (a placeholder until first use). */
  baseUrl: string
  configured: boolean
}

/** What discovery needs for one connection: a probe (close it when done) and the known layout. */
export interface Prober {
  probe: ClientProbe
  mode: DataSource
  baseUrl: string
  /** The layout in use for this base URL (discovery starts from it). */
  fallback: RouteLayout
  /** Saves what discovery found for this base URL; absent for a draft or demo (nothing saved). */
  save?: (layout: RouteLayout) => void
  /** Tells the saved service's quota guard how the test went; absent for a draft. */
  record?: (result: Result<unknown>) => void
}

/** The quota guard of the service in use now: what it lets through, and its last answers. */
export interface ServiceReport extends LastAnswer {
  service: ServiceState
}

export interface ConnectionManager {
  /**
   * Runs `work` with the client for the settings read now, or NOT_CONFIGURED / INTERNAL. A demo
   * service in use this way is not stopped by a switch to "Your service" until `work` has ended.
   */
  use<T>(work: (acquired: Result<Connection>) => Promise<T>): Promise<T>
  /**
   * A discovery probe for the saved connection (no draft) or for what Settings' form holds
   * (nothing is saved; its errors say what to fill in on that screen, never "Open Settings").
   */
  prober(draft?: ConnectionDraft): Promise<Result<Prober>>
  describe(): ConnectionSummary
  service(): ServiceReport
  /** The user's "Retry now": the guard of the service in use ends its hold, pause or stop. */
  resumeService(): ServiceState
  /**
   * Applies a change of settings or key: the service now in use gets a fresh guard (its state is
   * told), and the demo service stops once nothing uses it after a switch to "Your service" (the
   * calls that were using it, and connection tests on it, end first). The next use of demo data
   * starts it again.
   */
  settle(): Promise<void>
  /** Closes the client and stops the demo service. */
  dispose(): Promise<void>
}

export interface ConnectionManagerOptions {
  /** `update` saves discovered route layouts (without it, they are used but not kept). */
  settings: { current(): Readonly<Settings>; update?(patch: SettingsUpdate): unknown }
  vault: Pick<KeyVault, 'getKey'>
  startDemoService?: StartDemoService | undefined
  createClient?: CreateClient
  logger?: AppLogger
  /** Told every change of what the quota guard of the service in use does (the window shows it). */
  emitServiceState?: (state: ServiceState) => void
  /** The guards' clocks (tests): monotonic time for waits, wall-clock time for the last answers. */
  guardClocks?: Pick<QuotaGuardOptions, 'now' | 'sleep' | 'random' | 'wallClock'>
  /** HTTP requests in flight at once (per service). */
  concurrency?: number
  /** The demo service's per-launch key. */
  generateDemoKey?: () => string
  /** On a route-level 404, find the operation again and retry once (default true). */
  rediscoverRoutes?: boolean
}

export const DEMO_PLACEHOLDER_URL = 'http://127.0.0.1'

function missingParts(baseUrl: string, hasKey: boolean): string[] {
  return [...(baseUrl ? [] : ['the service base URL']), ...(hasKey ? [] : ['your API key'])]
}

/** Why remote mode cannot be used yet, or undefined when it can. */
export function notConfiguredError(settings: Settings, hasKey: boolean): AppError | undefined {
  const missing = missingParts(settings.baseUrl, hasKey)
  return missing.length > 0 ? ERRORS.remoteNotConfigured(missing) : undefined
}

/** Why the form's values cannot be tested yet. `savedKey` is used when no key is typed. */
export function draftProblem(
  draft: ConnectionDraft,
  savedKey: string | undefined
): AppError | undefined {
  const typed = draft.apiKey
  const key = typed ?? savedKey
  if (key !== undefined && !isSendableHeaderValue(key)) {
    return ERRORS.unsendableKey(typed === undefined ? 'saved earlier' : 'typed above')
  }
  const missing = missingParts(draft.baseUrl, Boolean(key))
  return missing.length > 0 ? ERRORS.draftIncomplete(missing) : undefined
}

interface CachedClient {
  guard: QuotaGuard
  connection: Connection
}

/** The service in use: which connection settings and which key. */
interface ServiceInUse {
  identity: string
  key: string | undefined
  guard: QuotaGuard
}

export function createConnectionManager(options: ConnectionManagerOptions): ConnectionManager {
  const { settings, vault } = options
  const logger = options.logger ?? silentLogger
  // A client given no logger builds no per-request log line: the silent one would only drop it.
  const clientLogging = logger === silentLogger ? {} : { logger }
  const createClient = options.createClient ?? createServiceClient
  const demoKey = (options.generateDemoKey ?? (() => randomBytes(32).toString('base64url')))()
  let demo: Promise<DemoService> | undefined
  let demoBaseUrl: string | undefined
  let cached: CachedClient | undefined
  let inUse: ServiceInUse | undefined
  let toldKind: ServiceState['kind'] = 'open'
  let disposed = false
  /** Connection tests running against the demo service while it may not be the saved mode. */
  let demoTrials = 0
  /** Calls (`use`) started while demo data was selected and not ended yet. */
  let demoUses = 0
  let stopping: Promise<void> | undefined

  const startDemo = (start: StartDemoService): Promise<DemoService> => {
    demo ??= start(demoKey).then(
      (service) => {
        demoBaseUrl = service.baseUrl
        logger.info('demo service started', { baseUrl: service.baseUrl })
        return service
      },
      (error: unknown) => {
        demo = undefined
        throw error
      }
    )
    return demo
  }

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

  const readKey = (): string | undefined => {
    try {
      return vault.getKey()
    } catch {
      return undefined
    }
  }

  /** The quota guard of the service the settings (and key) name now: a fresh one for a new one. */
  const guardNow = (current: Settings): QuotaGuard => {
    const demoMode = current.connectionMode === 'demo'
    const identity = JSON.stringify(
      demoMode
        ? ['demo', demoBaseUrl ?? '', current.timeouts]
        : ['remote', current.baseUrl, current.parameterPlacement, current.timeouts]
    )
    const key = demoMode ? demoKey : readKey()
    if (inUse?.identity === identity && inUse.key === key) return inUse.guard
    const guard = createQuotaGuard({
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      ...options.guardClocks,
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
  ): Connection => {
    const guard = guardNow(current)
    const known = cached?.connection
    if (cached?.guard === guard && known?.mode === mode && known.baseUrl === baseUrl) return known
    if (cached) void closeClient(cached)
    const placement = mode === 'demo' ? 'query' : current.parameterPlacement
    const client = createClient({
      baseUrl,
      getApiKey,
      source: mode,
      parameterPlacement: placement,
      // Demo: the embedded service in its spec layout. Remote: the layout saved for the base URL.
      // The layout is read at each call, so saving a discovered one does not rebuild the client.
      ...(mode === 'remote'
        ? {
            routes: layouts.routesOf(baseUrl),
            ...(options.rediscoverRoutes === false
              ? {}
              : {
                  rediscover: (operation: RoutedOperation) =>
                    layouts.rediscover(baseUrl, operation, getApiKey)
                })
          }
        : {}),
      timeouts: current.timeouts,
      guard,
      isOffline: () => settings.current().offlineMode,
      ...clientLogging
    })
    cached = { guard, connection: { client, mode, baseUrl } }
    return cached.connection
  }

  const closeClient = ({ guard, connection }: CachedClient): Promise<void> => {
    guard.close()
    return connection.client.close().catch(() => undefined)
  }

  const probeFor = (
    baseUrl: string,
    mode: DataSource,
    getApiKey: () => string | undefined
  ): ClientProbe =>
    createClientProbe(
      {
        baseUrl,
        getApiKey,
        source: mode,
        timeouts: settings.current().timeouts,
        isOffline: () => settings.current().offlineMode,
        ...clientLogging
      },
      createClient
    )

  const layouts = createRouteLayouts({
    settings,
    logger,
    isDisposed: () => disposed,
    probe: (baseUrl, getApiKey) => probeFor(baseUrl, 'remote', getApiKey)
  })

  /** The demo service's address. */
  const demoAddress = async (): Promise<Result<string>> => {
    if (!options.startDemoService) return failure(ERRORS.demoUnavailable())
    try {
      const service = await startDemo(options.startDemoService)
      return disposed ? shuttingDown() : ok(service.baseUrl)
    } catch (error) {
      logger.error('demo service could not start', {
        error: error instanceof Error ? error.message : String(error)
      })
      return failure(ERRORS.demoFailed())
    }
  }

  const acquireDemo = async (current: Settings): Promise<Result<Connection>> => {
    const address = await demoAddress()
    if (!address.ok) return address
    return ok(clientFor('demo', address.data, current, () => demoKey))
  }

  /** The key a test of the form uses: typed, else saved; or why there is none to use. */
  const draftKey = (draft: ConnectionDraft): Result<string> => {
    let savedKey: string | undefined
    try {
      savedKey = draft.apiKey === undefined ? vault.getKey() : undefined
    } catch {
      return failure(ERRORS.savedKeyUnreadable())
    }
    const problem = draftProblem(draft, savedKey)
    const key = draft.apiKey ?? savedKey
    return problem || !key ? failure(problem ?? ERRORS.noApiKey()) : ok(key)
  }

  const stopUnusedDemo = async (): Promise<void> => {
    if (settings.current().connectionMode === 'demo' || demoTrials > 0 || demoUses > 0 || !demo) {
      return
    }
    const service = demo
    demo = undefined
    demoBaseUrl = undefined
    if (cached?.connection.mode === 'demo') {
      const demoClient = cached
      cached = undefined
      await closeClient(demoClient)
    }
    await service.then((started) => started.close()).catch(() => undefined)
    logger.info('demo service stopped: your service is selected')
  }

  const settle = (): Promise<void> => {
    if (!disposed) guardNow(settings.current())
    stopping ??= stopUnusedDemo().finally(() => {
      stopping = undefined
    })
    return stopping
  }

  const prober = async (draft?: ConnectionDraft): Promise<Result<Prober>> => {
    if (disposed) return shuttingDown()
    const current = settings.current()
    const mode = draft?.connectionMode ?? current.connectionMode
    if (mode === 'demo') {
      // The demo service stays up while this test uses it, even when "Your service" is saved.
      demoTrials += 1
      const done = (): void => {
        demoTrials -= 1
        void settle()
      }
      const address = await demoAddress()
      if (!address.ok) {
        done()
        return address
      }
      const opened = probeFor(address.data, 'demo', () => demoKey)
      const probe: ClientProbe = {
        ...opened,
        close: () => opened.close().finally(done)
      }
      const record = draft ? undefined : (result: Result<unknown>) => recordTest(result)
      return ok({
        probe,
        mode,
        baseUrl: address.data,
        fallback: specLayout('query'),
        ...(record ? { record } : {})
      })
    }
    if (draft) {
      const key = draftKey(draft)
      if (!key.ok) return key
      const fallback = current.routeLayouts[draft.baseUrl] ?? specLayout(draft.parameterPlacement)
      const probe = probeFor(draft.baseUrl, 'remote', () => key.data)
      return ok({ probe, mode, baseUrl: draft.baseUrl, fallback })
    }
    const problem = notConfiguredError(current, Boolean(vault.getKey()))
    if (problem) return failure(problem)
    const baseUrl = current.baseUrl
    const probe = probeFor(baseUrl, 'remote', () => vault.getKey())
    return ok({
      probe,
      mode,
      baseUrl,
      fallback: layoutFor(current, baseUrl),
      save: (layout) => layouts.save(baseUrl, layout),
      record: recordTest
    })
  }

  const recordTest = (result: Result<unknown>): void => guardNow(settings.current()).record(result)

  const acquireWith = async (current: Settings): Promise<Result<Connection>> => {
    if (disposed) return shuttingDown()
    if (current.connectionMode === 'demo') return acquireDemo(current)
    const problem = notConfiguredError(current, Boolean(vault.getKey()))
    if (problem) return failure(problem)
    // Only a demo service still running has anything to stop (settle is a no-op otherwise).
    if (demo) void settle()
    return ok(clientFor('remote', current.baseUrl, current, () => vault.getKey()))
  }

  return {
    prober,
    async use(work) {
      const current = settings.current()
      // Counted before acquiring: a switch made while the demo address resolves must wait too.
      const demoUse = current.connectionMode === 'demo'
      if (demoUse) demoUses += 1
      try {
        return await work(await acquireWith(current))
      } finally {
        if (demoUse) {
          demoUses -= 1
          void settle()
        }
      }
    },
    settle,
    describe() {
      const current = settings.current()
      if (current.connectionMode === 'demo') {
        return {
          mode: 'demo',
          baseUrl: demoBaseUrl ?? DEMO_PLACEHOLDER_URL,
          configured: Boolean(options.startDemoService)
        }
      }
      return {
        mode: 'remote',
        baseUrl: current.baseUrl,
        configured: notConfiguredError(current, Boolean(readKey())) === undefined
      }
    },
    service() {
      const guard = guardNow(settings.current())
      return { service: guard.state(), ...guard.lastAnswer() }
    },
    resumeService: () => guardNow(settings.current()).resume(),
    async dispose() {
      disposed = true
      const client = cached
      cached = undefined
      inUse?.guard.close()
      const pendingDemo = demo
      demo = undefined
      await Promise.allSettled([
        client && closeClient(client),
        pendingDemo?.then((service) => service.close())
      ])
    }
  }
}

function shuttingDown(): Result<never> {
  return failure(ERRORS.shuttingDown())
}
