/**
 * The IPC contract's parts: input schemas (validated in main) and output types. The operations
 * themselves (channel, input, output) are listed once, in ./operations.ts.
 */
import { z } from 'zod'
import { ApiKeySchema } from './api-key'
import { AppErrorSchema } from './result'
import { MAX_WAIT_MS } from './wait'
import type { NextStep, Result } from './result'
import { BaseUrlSchema, SettingsSchema } from './settings'
import type { Placement, RoutedOperation } from './settings'
import {
  BedsSchema,
  CountryCodeSchema,
  SectorSchema,
  SlugSchema,
  TransactionTypeSchema
} from './spec'
import type { GrowthPayload, LandPricePayload, ResidentialPricePayload } from './spec'

export const ListLocationsInput = z.strictObject({ sector: SectorSchema })

/** A lookup's own parameters, shared by the single operation and the batch item. */
const place = { location: SlugSchema, countryCode: CountryCodeSchema }

export const ResidentialPriceInput = z.strictObject({
  ...place,
  type: TransactionTypeSchema,
  beds: BedsSchema
})

const growthQuery = z.strictObject({
  ...place,
  sector: SectorSchema,
  type: TransactionTypeSchema.optional(),
  beds: BedsSchema.optional()
})

export const LandPriceInput = z.strictObject(place)

/** Residential growth is per transaction type and bed type: both are required for it. */
export function residentialGrowthRule(
  value: Pick<z.output<typeof growthQuery>, 'sector' | 'type' | 'beds'>,
  ctx: z.RefinementCtx
): void {
  if (value.sector !== 'residential') return
  const required = (field: 'type' | 'beds', message: string): void =>
    ctx.addIssue({ code: 'custom', path: [field], message })
  if (!value.type) required('type', 'is required for residential growth (rent or sale)')
  if (!value.beds) required('beds', 'is required for residential growth')
}

export const GrowthInput = growthQuery.superRefine(residentialGrowthRule)

export const MAX_BATCH_ITEMS = 600

/** A batch item: the same parameters (and rules) as the single lookup of its kind. */
export const LookupRequestSchema = z.discriminatedUnion('kind', [
  ResidentialPriceInput.extend({ kind: z.literal('residentialPrice') }),
  growthQuery.extend({ kind: z.literal('growth') }).superRefine(residentialGrowthRule),
  LandPriceInput.extend({ kind: z.literal('landPrice') })
])
export type LookupRequest = z.infer<typeof LookupRequestSchema>

export const BatchLookupInput = z.strictObject({
  batchId: z.string().min(1).max(64),
  items: z.array(LookupRequestSchema).min(1).max(MAX_BATCH_ITEMS)
})

export const CancelBatchInput = BatchLookupInput.pick({ batchId: true })

export const SetApiKeyInput = z.strictObject({
  key: ApiKeySchema,
  /** `session`: kept in memory only, for machines where encryption is unavailable. */
  persistence: z.enum(['persistent', 'session']).default('persistent')
})

export const EmptyInput = z.strictObject({}).optional()

/** Settings' "Test connection": what the form holds, tested as it is, with nothing saved. */
export const ConnectionDraftSchema = z.strictObject({
  connectionMode: SettingsSchema.shape.connectionMode,
  baseUrl: BaseUrlSchema,
  parameterPlacement: SettingsSchema.shape.parameterPlacement,
  /** A typed key not saved yet, for this one test; the saved key is used when absent. */
  apiKey: ApiKeySchema.optional()
})
export type ConnectionDraft = z.infer<typeof ConnectionDraftSchema>

export type LookupResult =
  Result<ResidentialPricePayload> | Result<GrowthPayload> | Result<LandPricePayload>

export interface BatchLookupOutput {
  batchId: string
  /**
   * Every item's Result, in item order, only where main has no window to stream them to (the CLI,
   * Node tests). In the app each item's Result goes out in a progress event as it finishes, all
   * before this reply, and main keeps none of them: a large batch never sits in main's memory.
   */
  results?: LookupResult[]
  cancelled: boolean
}

export interface BatchProgressEvent {
  batchId: string
  done: number
  total: number
  /** The items finished since the previous event: each one's position in `items`, its Result. */
  items?: BatchItemResult[]
}

export interface BatchItemResult {
  index: number
  result: LookupResult
}

export interface KeyStatus {
  hasKey: boolean
  storage: 'encrypted' | 'session' | 'none'
  encryptionAvailable: boolean
  /** Linux: safeStorage backend name; `basic_text` means no real encryption. */
  encryptionBackend?: string
  /** Set when persistent storage is refused, e.g. encryption unavailable. */
  warning?: string
}

/** The longest a connection test (route discovery) runs before it reports what it tried. */
export const CONNECTION_TEST_DEADLINE_MS = 20_000

export type DiscoveryOutcome = 'works' | 'route-missing' | 'auth' | 'no-data' | 'error'

export interface DiscoveryRow {
  operation: RoutedOperation
  /** The route found (`works`, `no-data`) or last tried. */
  path: string
  placement: Placement
  outcome: DiscoveryOutcome
  /** What went wrong, in words (never the key). */
  detail?: string
}

export interface ConnectionTestOutput {
  latencyMs: number
  locationsFound: number
  baseUrl: string
  /** Where each operation was found: operation → path → placement → outcome. */
  discovery?: DiscoveryRow[]
  /** HTTP requests discovery made (bounded by MAX_DISCOVERY_REQUESTS). */
  discoveryRequests?: number
  /** True when the layout found was saved for this base URL (the saved connection only). */
  layoutSaved?: boolean
  /** A test that did not finish (its deadline, or Cancel): the details of its error. */
  stopped?: 'deadline' | 'cancelled'
}

/** What demo mode says of its figures (Settings shows it until main's status arrives). */
export const DEMO_NOTICE =
  'Demo data: the neighbourhood names are real, but every price and growth figure is illustrative. Do not use it for decisions.'

export interface ConnectionStatus {
  mode: 'demo' | 'remote'
  /** The base URL in use (loopback for demo). Never contains the key. */
  baseUrl: string
  offlineMode: boolean
  /** False when remote mode is chosen without a base URL or key. */
  configured: boolean
  lastSuccessAt?: string
  lastError?: { code: string; message: string; nextStep?: NextStep; at: string }
  /**
   * The figures are illustrative: demo mode, or a service whose last answer said so (in its own
   * words), shown as the demo data is.
   */
  demoNotice?: string
  /** Problems main fixed on its own this session, e.g. a corrupt settings file reset to defaults. */
  notices?: string[]
  /** What the quota guard lets through to the service in use now (see ServiceState). */
  service: ServiceState
}

/** What a hold or a pause carries: how long it lasts, and the answer that caused it. */
const waiting = { waitMs: z.number().int().min(0).max(MAX_WAIT_MS), error: AppErrorSchema }

/**
 * What main's quota guard (one per service: base URL + key) does with lookups now. Main decides;
 * the renderer only shows it (main → renderer on EVENTS.serviceState, and in ConnectionStatus).
 * `waitMs` counts from when the state was sent.
 *  - `open`: lookups are sent.
 *  - `holding`: the service asked to wait (429 + Retry-After, at most a short bound): lookups wait
 *    in main and go on by themselves when the wait is over.
 *  - `paused`: after a run of failures (or a long Retry-After) nothing is sent for `waitMs`;
 *    lookups answer at once, saying they were not sent. After it, one lookup tries first.
 *  - `stopped`: the service refused the key or the quota: nothing is sent until the user retries
 *    (`resumeService`) or changes the connection or key.
 * `resumeService` (the user's "Retry now") ends a hold, a pause or a stop.
 */
export const ServiceStateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('open') }),
  z.strictObject({ kind: z.literal('holding'), reason: z.literal('rate-limited'), ...waiting }),
  z.strictObject({
    kind: z.literal('paused'),
    reason: z.enum(['failing', 'rate-limited']),
    ...waiting
  }),
  z.strictObject({ kind: z.literal('stopped'), error: AppErrorSchema })
])
export type ServiceState = z.infer<typeof ServiceStateSchema>

export const FlushIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _')

/** main → renderer: write everything pending to disk, then answer with answerFlush. */
export const FlushRequestEventSchema = z.strictObject({ flushId: FlushIdSchema })
export type FlushRequestEvent = z.infer<typeof FlushRequestEventSchema>

const writes = z.number().int().min(0).max(1_000_000)

/** The renderer's answer to a flush request: how many pending writes ended, and how. */
export const FlushAnswerInput = z.strictObject({
  flushId: FlushIdSchema,
  written: writes,
  failed: writes
})
export type FlushAnswer = z.infer<typeof FlushAnswerInput>
