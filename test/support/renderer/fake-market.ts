import type { MenuAction } from '@shared/desktop'
import type {
  BatchLookupOutput,
  BatchProgressEvent,
  ConnectionStatus,
  FlushRequestEvent,
  KeyStatus,
  LookupRequest,
  LookupResult,
  ServiceState
} from '@shared/contract'
import type { MarketApi, OperationInput } from '@shared/operations'
import type { Operation } from '@shared/channels'
import type { AppError, Err, ErrorCode, Result, ResultMeta } from '@shared/result'
import type { Settings } from '@shared/settings'
import type { Location } from '@shared/spec'

/** The single lookups a batch item can stand for, and the item's kind for each. */
const KIND_OF = {
  getResidentialPrice: 'residentialPrice',
  getGrowth: 'growth',
  getLandPrice: 'landPrice'
} as const
type FigureOperation = keyof typeof KIND_OF
import { answerGrowth, answerLandPrice, answerResidentialPrice } from './fake-answers'
import type { Answer, AnswerContext } from './fake-answers'
import { FAKE_LAND_LOCATIONS, FAKE_LOCATIONS } from './fake-dataset'

const FAKE_DEFAULT_SETTINGS: Settings = {
  connectionMode: 'demo',
  baseUrl: '',
  parameterPlacement: 'query',
  timeouts: { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 },
  rentPeriod: 'year',
  growthUnit: 'percent',
  growthMeaning: 'per-year',
  bedTypes: ['1', '2', '3', '4', '5'].map((value) => ({ value })),
  offlineMode: false,
  theme: 'system',
  routeLayouts: {},
  agent: { name: '', agency: '', contact: '' }
}

interface FakeCall {
  operation: Operation
  input: unknown
}

export interface FakeMarketOptions {
  residential?: Location[]
  land?: Location[]
  settings?: Partial<Settings>
  keyStatus?: Partial<KeyStatus>
  /** slug → bed values that answer NOT_FOUND (rent and sale). */
  notFoundBeds?: Record<string, string[]>
  /** How the service states figures, when not as the settings read them (wrong-unit tests). */
  serviceUnits?: Partial<Pick<Settings, 'growthUnit' | 'rentPeriod'>>
  /** Slugs with no land price (NOT_FOUND). */
  noLandPrice?: string[]
  /** ConnectionStatus.notices: problems main fixed on its own. */
  notices?: string[]
  now?: () => Date
}

/** A typed, in-memory MarketApi with fault injection, for component tests and screenshots. */
export interface FakeMarket extends MarketApi {
  calls: FakeCall[]
  settings: Settings
  keyStatus: KeyStatus
  /** Every call of `operation` fails with `error` until cleared (undefined). */
  setFault(
    operation: Operation,
    error: Pick<AppError, 'code' | 'message' | 'retryAfterMs' | 'status' | 'notSent'> | undefined
  ): void
  /** The next `times` calls of `operation` fail with `error`. */
  failNext(
    operation: Operation,
    error: Pick<AppError, 'code' | 'message' | 'retryAfterMs' | 'status' | 'notSent'>,
    times?: number
  ): void
  /** Batches emit progress for this many items, then wait for resume() or cancelBatch. */
  pauseBatchesAfter: number | undefined
  resumeBatches(): void
  callsOf(operation: Operation): FakeCall[]
  /**
   * Every lookup of `operation` the service was asked for, as single calls or as batch items
   * (an item's input without its kind, as the single call records it).
   */
  lookupsOf(operation: FigureOperation): FakeCall[]
  /** What main's quota guard does now: reported in the connection status and as an event. */
  serviceState: ServiceState
  /** Main's quota guard changed what it does (also sets `serviceState`). */
  emitServiceState(state: ServiceState): void
  /** Main asks for pending writes to be flushed. */
  requestFlush(flushId: string): void
  /** What the application menu would send (desktop app). */
  emitMenuAction(action: MenuAction): void
}

function errorOf(code: ErrorCode, message: string, retryAfterMs?: number): Err {
  return {
    ok: false,
    error: { code, message, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
  }
}

export function createFakeMarket(options: FakeMarketOptions = {}): FakeMarket {
  const residential = options.residential ?? FAKE_LOCATIONS
  const land = options.land ?? FAKE_LAND_LOCATIONS
  const now = options.now ?? (() => new Date())
  const listeners = new Set<(event: BatchProgressEvent) => void>()
  const stateListeners = new Set<(state: ServiceState) => void>()
  const flushListeners = new Set<(event: FlushRequestEvent) => void>()
  const menuListeners = new Set<(action: MenuAction) => void>()
  const faults = new Map<
    Operation,
    Pick<AppError, 'code' | 'message' | 'retryAfterMs' | 'status' | 'notSent'>
  >()
  const onceFaults = new Map<
    Operation,
    Array<Pick<AppError, 'code' | 'message' | 'retryAfterMs' | 'status' | 'notSent'>>
  >()
  const cancelled = new Set<string>()
  /** The batch items that reached the (fake) service, with the batch call they came in. */
  const sentItems: Array<{ batch: unknown; item: LookupRequest }> = []
  let resumeWaiters: Array<() => void> = []
  let lastSuccessAt: string | undefined

  const fake: FakeMarket = {
    calls: [],
    settings: { ...FAKE_DEFAULT_SETTINGS, ...options.settings },
    keyStatus: {
      hasKey: false,
      storage: 'none',
      encryptionAvailable: true,
      ...options.keyStatus
    },
    pauseBatchesAfter: undefined,
    serviceState: { kind: 'open' },
    setFault(operation, error) {
      if (error) faults.set(operation, error)
      else faults.delete(operation)
    },
    failNext(operation, error, times = 1) {
      onceFaults.set(operation, [
        ...(onceFaults.get(operation) ?? []),
        ...Array<typeof error>(times).fill(error)
      ])
    },
    resumeBatches() {
      const waiters = resumeWaiters
      resumeWaiters = []
      waiters.forEach((resume) => resume())
    },
    callsOf(operation) {
      return fake.calls.filter((call) => call.operation === operation)
    },
    lookupsOf(operation) {
      const kind = KIND_OF[operation]
      return fake.calls.flatMap((call): FakeCall[] => {
        if (call.operation === operation) return [call]
        if (call.operation !== 'batchLookup') return []
        return sentItems
          .filter((sent) => sent.batch === call.input && sent.item.kind === kind)
          .map(({ item }) => {
            const { kind: _kind, ...input } = item
            return { operation, input }
          })
      })
    },
    emitServiceState(state) {
      fake.serviceState = state
      for (const listener of [...stateListeners]) listener(state)
    },
    requestFlush(flushId) {
      for (const listener of [...flushListeners]) listener({ flushId })
    },

    listLocations: async (input) =>
      record('listLocations', input, () =>
        market(() => {
          const sector = input.sector
          return ok({ sector, locations: sector === 'land' ? land : residential })
        })
      ),
    getResidentialPrice: async (input) =>
      record('getResidentialPrice', input, () => market(() => residentialPrice(input))),
    getGrowth: async (input) => record('getGrowth', input, () => market(() => growth(input))),
    getLandPrice: async (input) =>
      record('getLandPrice', input, () => market(() => landPrice(input))),
    batchLookup: async (input) => {
      fake.calls.push({ operation: 'batchLookup', input })
      const fault = takeFault('batchLookup')
      if (fault) {
        const failed = errorOf(fault.code, fault.message, fault.retryAfterMs)
        if (fault.status !== undefined) failed.error.status = fault.status
        if (fault.notSent) failed.error.notSent = true
        return failed
      }
      // As main does in the app: every item's Result streams in a progress event, none in the reply.
      for (const [index, item] of input.items.entries()) {
        if (
          fake.pauseBatchesAfter !== undefined &&
          index === fake.pauseBatchesAfter &&
          !cancelled.has(input.batchId)
        ) {
          await new Promise<void>((resolve) => resumeWaiters.push(resolve))
        }
        if (cancelled.has(input.batchId)) break
        const result = lookup(item)
        sentItems.push({ batch: input, item })
        const event = {
          batchId: input.batchId,
          done: index + 1,
          total: input.items.length,
          items: [{ index, result }]
        }
        listeners.forEach((listener) => listener(event))
      }
      const output: BatchLookupOutput = {
        batchId: input.batchId,
        cancelled: cancelled.has(input.batchId)
      }
      return { ok: true, data: output }
    },
    cancelBatch: async (input) => {
      fake.calls.push({ operation: 'cancelBatch', input })
      cancelled.add(input.batchId)
      fake.resumeBatches()
      return { ok: true, data: { cancelled: true } }
    },
    getSettings: async () =>
      record('getSettings', undefined, () => ({ ok: true, data: fake.settings })),
    updateSettings: async (input) =>
      record('updateSettings', input, () => {
        if (
          input.baseUrl &&
          !/^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1)/.test(input.baseUrl)
        ) {
          return errorOf(
            'INVALID_INPUT',
            'baseUrl: must use https (plain http is only allowed for localhost / 127.0.0.1)'
          )
        }
        const { timeouts, ...rest } = input
        fake.settings = {
          ...fake.settings,
          ...rest,
          timeouts: { ...fake.settings.timeouts, ...timeouts }
        }
        return { ok: true, data: fake.settings }
      }),
    setApiKey: async (input) =>
      record('setApiKey', input, () => {
        const persistence = input.persistence ?? 'persistent'
        if (persistence === 'persistent' && !fake.keyStatus.encryptionAvailable) {
          return errorOf(
            'INVALID_INPUT',
            'Encryption is unavailable on this computer; keep the key for this session only.'
          )
        }
        fake.keyStatus = {
          ...fake.keyStatus,
          hasKey: true,
          storage: persistence === 'session' ? 'session' : 'encrypted'
        }
        return { ok: true, data: fake.keyStatus }
      }),
    clearApiKey: async () =>
      record('clearApiKey', undefined, () => {
        fake.keyStatus = { ...fake.keyStatus, hasKey: false, storage: 'none' }
        return { ok: true, data: fake.keyStatus }
      }),
    getKeyStatus: async () =>
      record('getKeyStatus', undefined, () => ({ ok: true, data: fake.keyStatus })),
    testConnection: async (draft) =>
      record('testConnection', draft, () => {
        const answer = () =>
          ok({
            latencyMs: 42,
            locationsFound: residential.length,
            baseUrl: draft?.connectionMode === 'remote' ? draft.baseUrl : baseUrl()
          })
        // A draft (the Settings form) is tested as typed: the saved settings do not matter.
        if (!draft) return market(answer)
        if (
          draft.connectionMode === 'remote' &&
          !(draft.baseUrl && (draft.apiKey || fake.keyStatus.hasKey))
        ) {
          return errorOf('NOT_CONFIGURED', 'Enter the service base URL and your API key above.')
        }
        return answer()
      }),
    cancelConnectionTest: async () =>
      record('cancelConnectionTest', undefined, () => ok({ cancelled: false })),
    getConnectionStatus: async () =>
      record('getConnectionStatus', undefined, () => ({ ok: true, data: connectionStatus() })),
    exportReport: async (input) =>
      record('exportReport', input, () => ({
        ok: true,
        data: { saved: true, fileName: input.suggestedName, bytes: 1 }
      })),
    onBatchProgress: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    answerFlush: async (input) =>
      record('answerFlush', input, () => ({ ok: true, data: { accepted: true } })),
    onServiceState: (listener) => {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    resumeService: async () =>
      record('resumeService', undefined, () => {
        fake.emitServiceState({ kind: 'open' })
        return { ok: true, data: fake.serviceState }
      }),
    onFlushRequest: (listener) => {
      flushListeners.add(listener)
      return () => flushListeners.delete(listener)
    },
    onMenuAction: (listener) => {
      menuListeners.add(listener)
      return () => menuListeners.delete(listener)
    },
    emitMenuAction: (action) => menuListeners.forEach((listener) => listener(action))
  }

  function baseUrl(): string {
    return fake.settings.connectionMode === 'demo'
      ? 'http://127.0.0.1:41234'
      : fake.settings.baseUrl
  }

  function connectionStatus(): ConnectionStatus {
    const demo = fake.settings.connectionMode === 'demo'
    return {
      mode: fake.settings.connectionMode,
      baseUrl: baseUrl(),
      offlineMode: fake.settings.offlineMode,
      configured: demo || (Boolean(fake.settings.baseUrl) && fake.keyStatus.hasKey),
      service: fake.serviceState,
      ...(lastSuccessAt ? { lastSuccessAt } : {}),
      ...(options.notices ? { notices: options.notices } : {}),
      ...(demo ? { demoNotice: 'Demo data: illustrative figures, not real prices.' } : {})
    }
  }

  function meta(): ResultMeta {
    return {
      source: fake.settings.connectionMode === 'demo' ? 'demo' : 'remote',
      fetchedAt: now().toISOString()
    }
  }

  function ok<T>(data: T): Result<T> {
    return { ok: true, data, meta: meta() }
  }

  function takeFault(operation: Operation) {
    const queue = onceFaults.get(operation)
    if (queue && queue.length > 0) return queue.shift()
    return faults.get(operation)
  }

  function record<T>(operation: Operation, input: unknown, run: () => Result<T>): Result<T> {
    fake.calls.push({ operation, input })
    const fault = takeFault(operation)
    if (fault) {
      const failed = errorOf(fault.code, fault.message, fault.retryAfterMs)
      if (fault.status !== undefined) failed.error.status = fault.status
      if (fault.notSent) failed.error.notSent = true
      return failed
    }
    return run()
  }

  /** Rules every market operation follows: offline mode, remote not configured. */
  function market<T>(run: () => Result<T>): Result<T> {
    if (fake.settings.offlineMode)
      return errorOf('OFFLINE', 'Offline mode is on: no requests are made.')
    const status = connectionStatus()
    if (!status.configured) {
      return errorOf(
        'NOT_CONFIGURED',
        'Add your service URL and API key in Settings, or switch to demo data.'
      )
    }
    const result = run()
    if (result.ok) lastSuccessAt = now().toISOString()
    return result
  }

  /** Answers from fake-answers.ts as Results (NOT_FOUND when the fake has no data). */
  function answer<T>(produce: (context: AnswerContext) => Answer<T>): Result<T> {
    const outcome = produce({
      residential,
      land,
      settings: fake.settings,
      units: {
        growthUnit: options.serviceUnits?.growthUnit ?? fake.settings.growthUnit,
        rentPeriod: options.serviceUnits?.rentPeriod ?? fake.settings.rentPeriod
      },
      ...(options.notFoundBeds ? { notFoundBeds: options.notFoundBeds } : {}),
      ...(options.noLandPrice ? { noLandPrice: options.noLandPrice } : {})
    })
    return outcome.ok ? ok(outcome.data) : errorOf('NOT_FOUND', outcome.message)
  }

  const residentialPrice = (input: OperationInput<'getResidentialPrice'>) =>
    answer((context) => answerResidentialPrice(input, context))
  const growth = (input: OperationInput<'getGrowth'>) =>
    answer((context) => answerGrowth(input, context))
  const landPrice = (input: OperationInput<'getLandPrice'>) =>
    answer((context) => answerLandPrice(input, context))

  function lookup(item: LookupRequest): LookupResult {
    const fault = takeFault(
      item.kind === 'residentialPrice'
        ? 'getResidentialPrice'
        : item.kind === 'growth'
          ? 'getGrowth'
          : 'getLandPrice'
    )
    if (fault) {
      const failed = errorOf(fault.code, fault.message, fault.retryAfterMs)
      if (fault.status !== undefined) failed.error.status = fault.status
      if (fault.notSent) failed.error.notSent = true
      return failed
    }
    switch (item.kind) {
      case 'residentialPrice':
        return market(() => residentialPrice(item))
      case 'growth':
        return market(() => growth(item))
      case 'landPrice':
        return market(() => landPrice(item))
    }
  }

  return fake
}
