/**
 * The connection manager: yields a ServiceClient for the current settings. Demo mode (the
 * default) lazily starts the embedded service on 127.0.0.1 with a random per-launch key; remote
 * mode uses the base URL from settings and the key from the vault. A client is rebuilt when the
 * connection settings change.
 */
import { randomBytes } from 'node:crypto'
import {
  createServiceClient,
  DEFAULT_CONCURRENCY,
  DEFAULT_RETRY,
  isSendableHeaderValue
} from '../client'
import type { ServiceClient, ServiceClientOptions } from '../client'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { ConnectionDraft } from '@shared/contract'
import type { AppError, DataSource, Result } from '@shared/result'
import type {
  OperationRoute,
  RouteLayout,
  RoutedOperation,
  Settings,
  SettingsUpdate
} from '@shared/settings'
import { layoutFor, specLayout, withRouteLayout } from '@shared/settings'
import { createClientProbe, discoverLayout } from '../discovery'
import type { ClientProbe } from '../discovery'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import type { KeyVault } from '../vault/key-vault'

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
}

/** A client for one connection test: close it with `release()` when done. */
export interface TrialConnection extends Connection {
  release(): Promise<void>
}

export interface ConnectionManager {
  /** The client for the current settings, or NOT_CONFIGURED / INTERNAL. */
  acquire(): Promise<Result<Connection>>
  /**
   * Runs `work` with the client for the settings read now. A demo service in use this way is not
   * stopped by a switch to "Your service" until `work` has ended (then it stops).
   */
  use<T>(work: (acquired: Result<Connection>) => Promise<T>): Promise<T>
  /**
   * A temporary client for what Settings' form holds (nothing is saved). Its errors say what to
   * fill in on that screen, never "Open Settings".
   */
  trial(draft: ConnectionDraft): Promise<Result<TrialConnection>>
  /** A discovery probe for the saved connection (no draft) or for what Settings' form holds. */
  prober(draft?: ConnectionDraft): Promise<Result<Prober>>
  describe(): ConnectionSummary
  /**
   * Stops what the current settings no longer use: after a switch to "Your service", the demo
   * service once the calls that were using it (`use`) and connection tests on it have ended.
   * The next use of demo data starts it again.
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
  /** HTTP requests in flight at once (per client). */
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
  identity: string
  /** The settings it was last found right for (settings objects are replaced on every update). */
  settings: Settings
  connection: Connection
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

  const clientFor = (
    mode: DataSource,
    baseUrl: string,
    current: Settings,
    getApiKey: () => string | undefined
  ): Connection => {
    const known = cached?.connection
    // Same settings object, same service: nothing to compare (this runs on every call).
    if (cached?.settings === current && known?.mode === mode && known.baseUrl === baseUrl) {
      return cached.connection
    }
    const placement = mode === 'demo' ? 'query' : current.parameterPlacement
    // The layout is read at each call, so saving a discovered one does not rebuild the client.
    const identity = JSON.stringify([mode, baseUrl, placement, current.timeouts])
    if (cached?.identity === identity) {
      cached.settings = current
      return cached.connection
    }
    const previous = cached?.connection.client
    if (previous) void previous.close().catch(() => undefined)
    const client = createClient({
      baseUrl,
      getApiKey,
      source: mode,
      parameterPlacement: placement,
      // Demo: the embedded service in its spec layout. Remote: the layout saved for the base URL.
      ...(mode === 'remote'
        ? {
            routes: routesOf(baseUrl),
            ...(options.rediscoverRoutes === false
              ? {}
              : {
                  rediscover: (operation: RoutedOperation) =>
                    rediscover(baseUrl, operation, getApiKey)
                })
          }
        : {}),
      timeouts: current.timeouts,
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      isOffline: () => settings.current().offlineMode,
      ...clientLogging
    })
    cached = { identity, settings: current, connection: { client, mode, baseUrl } }
    return cached.connection
  }

  /** The routes saved for `baseUrl`, read again only when the settings have changed. */
  const routesOf = (baseUrl: string) => {
    let read: { from: Readonly<Settings>; routes: RouteLayout['routes'] } | undefined
    return (): RouteLayout['routes'] => {
      const current = settings.current()
      if (read?.from !== current)
        read = { from: current, routes: layoutFor(current, baseUrl).routes }
      return read.routes
    }
  }

  const saveLayout = (baseUrl: string, layout: RouteLayout): void => {
    const layouts = settings.current().routeLayouts
    try {
      settings.update?.({ routeLayouts: withRouteLayout(layouts, baseUrl, layout) })
    } catch (error) {
      logger.warn('discovered layout not saved', {
        error: error instanceof Error ? error.name : typeof error
      })
    }
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

  /**
   * Rediscoveries this session, per base URL and operation: each runs at most once (a metered
   * key), and calls that meet the same missing route meanwhile share its answer.
   */
  const rediscovered = new Map<string, Map<RoutedOperation, Promise<OperationRoute | undefined>>>()
  const rediscover = (
    baseUrl: string,
    operation: RoutedOperation,
    getApiKey: () => string | undefined
  ): Promise<OperationRoute | undefined> => {
    if (disposed) return Promise.resolve(undefined)
    const started = rediscovered.get(baseUrl) ?? new Map()
    rediscovered.set(baseUrl, started)
    let running = started.get(operation)
    if (!running) {
      running = findAgain(baseUrl, operation, getApiKey).catch(() => undefined)
      started.set(operation, running)
    }
    return running
  }
  const findAgain = async (
    baseUrl: string,
    operation: RoutedOperation,
    getApiKey: () => string | undefined
  ): Promise<OperationRoute | undefined> => {
    const probe = probeFor(baseUrl, 'remote', getApiKey)
    try {
      const fallback = layoutFor(settings.current(), baseUrl)
      const report = await discoverLayout({
        baseUrl,
        probe: probe.probe,
        only: [operation],
        fallback
      })
      const row = report.rows[0]
      logger.info('route rediscovered', {
        operation,
        outcome: row?.outcome,
        requests: report.requests
      })
      if (row?.outcome !== 'works' && row?.outcome !== 'no-data') return undefined
      saveLayout(baseUrl, report.layout)
      return report.layout.routes[operation]
    } finally {
      await probe.close().catch(() => undefined)
    }
  }

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
    let demoClient: ServiceClient | undefined
    if (cached?.connection.mode === 'demo') {
      demoClient = cached.connection.client
      cached = undefined
    }
    await Promise.allSettled([demoClient?.close()])
    await service.then((started) => started.close()).catch(() => undefined)
    logger.info('demo service stopped: your service is selected')
  }

  const settle = (): Promise<void> => {
    stopping ??= stopUnusedDemo().finally(() => {
      stopping = undefined
    })
    return stopping
  }

  const trial = async (draft: ConnectionDraft): Promise<Result<TrialConnection>> => {
    if (disposed) return shuttingDown()
    const demoDraft = draft.connectionMode === 'demo'
    if (demoDraft) demoTrials += 1
    const result = await trialWith(draft, demoDraft)
    if (!demoDraft) return result
    const done = (): void => {
      demoTrials -= 1
      void settle()
    }
    if (!result.ok) {
      done()
      return result
    }
    const { release } = result.data
    return ok({ ...result.data, release: () => release().finally(done) })
  }

  const trialWith = async (
    draft: ConnectionDraft,
    demoDraft: boolean
  ): Promise<Result<TrialConnection>> => {
    const address = demoDraft ? await demoAddress() : ok(draft.baseUrl)
    if (!address.ok) return address
    const key = demoDraft ? ok(demoKey) : draftKey(draft)
    if (!key.ok) return key
    const client = createClient({
      baseUrl: address.data,
      getApiKey: () => key.data,
      source: demoDraft ? 'demo' : 'remote',
      parameterPlacement: demoDraft ? 'query' : draft.parameterPlacement,
      timeouts: settings.current().timeouts,
      // One request, reported as it went: a test does not retry on the user's metered key.
      retry: { ...DEFAULT_RETRY, maxAttempts: 1 },
      concurrency: 1,
      isOffline: () => settings.current().offlineMode,
      ...clientLogging
    })
    return ok({
      client,
      mode: demoDraft ? 'demo' : 'remote',
      baseUrl: address.data,
      release: () => client.close().catch(() => undefined)
    })
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
      return ok({ probe, mode, baseUrl: address.data, fallback: specLayout('query') })
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
      save: (layout) => {
        saveLayout(baseUrl, layout)
        // After a full discovery, a later route-level 404 may rediscover again.
        rediscovered.delete(baseUrl)
      }
    })
  }

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
    acquire: () => acquireWith(settings.current()),
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
    trial,
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
        configured: notConfiguredError(current, Boolean(vault.getKey())) === undefined
      }
    },
    async dispose() {
      disposed = true
      const client = cached?.connection.client
      cached = undefined
      const pendingDemo = demo
      demo = undefined
      await Promise.allSettled([client?.close(), pendingDemo?.then((service) => service.close())])
    }
  }
}

function shuttingDown(): Result<never> {
  return failure(ERRORS.shuttingDown())
}
