/**
 * The IPC operations, each defined once: the zod schema main validates its input with and the
 * type of the data it answers (its channel is in ./channels.ts). The preload bridge, main's IPC
 * registry, the handler map, the service client's parameters and the renderer's query keys all
 * derive from it.
 */
import type { z } from 'zod'
import {
  BatchLookupInput,
  CancelBatchInput,
  ConnectionDraftSchema,
  EmptyInput,
  FlushAnswerInput,
  GrowthInput,
  LandPriceInput,
  ListLocationsInput,
  ResidentialPriceInput,
  SetApiKeyInput
} from './contract'
import type {
  BatchLookupOutput,
  BatchProgressEvent,
  ConnectionStatus,
  ConnectionTestOutput,
  FlushRequestEvent,
  KeyStatus,
  ServiceState
} from './contract'
import type { MenuAction, SaveFile } from './desktop'
import type { Result } from './result'
import { ExportReportInput } from './report'
import type { ReportSaved } from './report'
import { SettingsUpdateSchema } from './settings'
import type { Settings } from './settings'
import type {
  GrowthPayload,
  LandPricePayload,
  LocationsPayload,
  ResidentialPricePayload
} from './spec'

declare const OUTPUT: unique symbol
/** Type-only marker for what an operation answers (nothing at run time). */
export interface Returns<T> {
  readonly [OUTPUT]: T
}
const returns = <T>(): Returns<T> => ({}) as Returns<T>

export const OPERATIONS = {
  /** The four lookups the market data service answers (ROUTED_OPERATIONS in ./settings.ts). */
  listLocations: { input: ListLocationsInput, output: returns<LocationsPayload>() },
  getResidentialPrice: { input: ResidentialPriceInput, output: returns<ResidentialPricePayload>() },
  getGrowth: { input: GrowthInput, output: returns<GrowthPayload>() },
  getLandPrice: { input: LandPriceInput, output: returns<LandPricePayload>() },
  batchLookup: { input: BatchLookupInput, output: returns<BatchLookupOutput>() },
  cancelBatch: { input: CancelBatchInput, output: returns<{ cancelled: boolean }>() },
  /** The user's "Retry now": the quota guard of the service in use ends its hold, pause or stop. */
  resumeService: { input: EmptyInput, output: returns<ServiceState>() },
  getSettings: { input: EmptyInput, output: returns<Settings>() },
  updateSettings: { input: SettingsUpdateSchema, output: returns<Settings>() },
  setApiKey: { input: SetApiKeyInput, output: returns<KeyStatus>() },
  clearApiKey: { input: EmptyInput, output: returns<KeyStatus>() },
  getKeyStatus: { input: EmptyInput, output: returns<KeyStatus>() },
  /** No input: the saved settings. */
  testConnection: {
    input: ConnectionDraftSchema.optional(),
    output: returns<ConnectionTestOutput>()
  },
  /** Ends the connection tests running now: each answers at once with what it tried. */
  cancelConnectionTest: { input: EmptyInput, output: returns<{ cancelled: boolean }>() },
  getConnectionStatus: { input: EmptyInput, output: returns<ConnectionStatus>() },
  /** The renderer's answer to a flush request (before the window closes or reloads). */
  answerFlush: { input: FlushAnswerInput, output: returns<{ accepted: boolean }>() },
  /** Prints the window's location report to PDF and saves it where the user chooses. */
  exportReport: { input: ExportReportInput, output: returns<ReportSaved>() }
} as const satisfies Record<string, { input: z.ZodType; output: Returns<unknown> }>

export type Operation = keyof typeof OPERATIONS

export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[]

/** What the caller passes (before parsing). */
export type OperationInput<K extends Operation> = z.input<(typeof OPERATIONS)[K]['input']>
/** What the handler receives (after parsing: defaults filled, values normalised). */
export type ParsedInput<K extends Operation> = z.output<(typeof OPERATIONS)[K]['input']>
export type OperationOutput<K extends Operation> =
  (typeof OPERATIONS)[K]['output'] extends Returns<infer T> ? T : never

/** A call taking `In` (optional when it may be undefined) and answering a Result of `Out`. */
type Call<In, Out> = undefined extends In
  ? (input?: In) => Promise<Result<Out>>
  : (input: In) => Promise<Result<Out>>

/** What the renderer sees as `window.market`. */
export type MarketApi = { [K in Operation]: Call<OperationInput<K>, OperationOutput<K>> } & {
  onBatchProgress: (listener: (event: BatchProgressEvent) => void) => () => void
  /** The quota guard of the service in use changed what it does (see ServiceState). */
  onServiceState: (listener: (state: ServiceState) => void) => () => void
  /** Main asks for pending writes to be flushed (answer with answerFlush). */
  onFlushRequest: (listener: (event: FlushRequestEvent) => void) => () => void
  /** Application-menu actions (desktop app; the harness emits them in tests). */
  onMenuAction: (listener: (action: MenuAction) => void) => () => void
  /** Desktop app only: the native save dialog. Absent in a browser: download instead. */
  saveFile?: SaveFile
}

/** Handlers as main implements them: already-validated input in, Result out. */
export type Handlers = { [K in Operation]: Call<ParsedInput<K>, OperationOutput<K>> }
