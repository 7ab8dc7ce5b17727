/**
 * The typed IPC contract: for each operation, its input schema (validated in main) and output type.
 * `window.market` (preload) has one method per operation; main registers one handler per operation.
 */
import { z } from 'zod'
import { ApiKeySchema } from './api-key'
import type { Operation } from './channels'
import type { Result } from './result'
import { BaseUrlSchema, SettingsSchema, SettingsUpdateSchema } from './settings'
import type { Settings } from './settings'
import {
  BedsSchema,
  CountryCodeSchema,
  SectorSchema,
  SlugSchema,
  TransactionTypeSchema
} from './spec'
import type {
  GrowthPayload,
  LandPricePayload,
  LocationsPayload,
  ResidentialPricePayload
} from './spec'

/**
 * Optional on single lookups: names the call so `cancelRequest` can end it (e.g. when the screen
 * that asked is left). Chosen by the renderer, unique among its calls in flight.
 */
export const RequestIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _')

const requestId = RequestIdSchema.optional()

export const ListLocationsInput = z.object({ sector: SectorSchema, requestId }).strict()

const residentialPriceFields = {
  location: SlugSchema,
  countryCode: CountryCodeSchema,
  type: TransactionTypeSchema,
  beds: BedsSchema
}

export const ResidentialPriceInput = z.object({ ...residentialPriceFields, requestId }).strict()

export const GrowthInput = z
  .object({
    location: SlugSchema,
    countryCode: CountryCodeSchema,
    sector: SectorSchema,
    type: TransactionTypeSchema.optional(),
    beds: BedsSchema.optional(),
    requestId
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.sector !== 'residential') return
    if (!value.type)
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'is required for residential growth (rent or sale)'
      })
    if (!value.beds)
      ctx.addIssue({
        code: 'custom',
        path: ['beds'],
        message: 'is required for residential growth'
      })
  })

const landPriceFields = { location: SlugSchema, countryCode: CountryCodeSchema }

export const LandPriceInput = z.object({ ...landPriceFields, requestId }).strict()

export const CancelRequestInput = z.object({ requestId: RequestIdSchema }).strict()

export const MAX_BATCH_ITEMS = 600

export const LookupRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('residentialPrice'), ...residentialPriceFields }).strict(),
  z
    .object({
      kind: z.literal('growth'),
      location: SlugSchema,
      countryCode: CountryCodeSchema,
      sector: SectorSchema,
      type: TransactionTypeSchema.optional(),
      beds: BedsSchema.optional()
    })
    .strict(),
  z.object({ kind: z.literal('landPrice'), ...landPriceFields }).strict()
])
export type LookupRequest = z.infer<typeof LookupRequestSchema>

export const BatchLookupInput = z
  .object({
    batchId: z.string().min(1).max(64),
    items: z.array(LookupRequestSchema).min(1).max(MAX_BATCH_ITEMS)
  })
  .strict()

export const CancelBatchInput = z.object({ batchId: z.string().min(1).max(64) }).strict()

export const SetApiKeyInput = z
  .object({
    key: ApiKeySchema,
    /** `session`: kept in memory only, for machines where encryption is unavailable. */
    persistence: z.enum(['persistent', 'session']).default('persistent')
  })
  .strict()

export const EmptyInput = z.object({}).strict().optional()

/** Settings' "Test connection": what the form holds, tested as it is, with nothing saved. */
export const ConnectionDraftSchema = z
  .object({
    connectionMode: SettingsSchema.shape.connectionMode,
    baseUrl: BaseUrlSchema,
    parameterPlacement: SettingsSchema.shape.parameterPlacement,
    /** A typed key not saved yet, for this one test; the saved key is used when absent. */
    apiKey: ApiKeySchema.optional()
  })
  .strict()
export type ConnectionDraft = z.infer<typeof ConnectionDraftSchema>

export type LookupResult =
  Result<ResidentialPricePayload> | Result<GrowthPayload> | Result<LandPricePayload>

export interface BatchLookupOutput {
  batchId: string
  results: LookupResult[]
  cancelled: boolean
}

export interface BatchProgressEvent {
  batchId: string
  done: number
  total: number
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

export interface ConnectionTestOutput {
  latencyMs: number
  locationsFound: number
  baseUrl: string
}

export interface ConnectionStatus {
  mode: 'demo' | 'remote'
  /** The base URL in use (loopback for demo). Never contains the key. */
  baseUrl: string
  offlineMode: boolean
  /** False when remote mode is chosen without a base URL or key. */
  configured: boolean
  lastSuccessAt?: string
  lastError?: { code: string; message: string; at: string }
  /** Present in demo mode: the dataset is illustrative. */
  demoNotice?: string
  /** Problems main fixed on its own this session, e.g. a corrupt settings file reset to defaults. */
  notices?: string[]
}

export const INPUT_SCHEMAS = {
  listLocations: ListLocationsInput,
  getResidentialPrice: ResidentialPriceInput,
  getGrowth: GrowthInput,
  getLandPrice: LandPriceInput,
  cancelRequest: CancelRequestInput,
  batchLookup: BatchLookupInput,
  cancelBatch: CancelBatchInput,
  getSettings: EmptyInput,
  updateSettings: SettingsUpdateSchema,
  setApiKey: SetApiKeyInput,
  clearApiKey: EmptyInput,
  getKeyStatus: EmptyInput,
  /** No input: the saved settings. */
  testConnection: ConnectionDraftSchema.optional(),
  getConnectionStatus: EmptyInput
} as const satisfies Record<Operation, z.ZodType>

export type OperationInput<K extends Operation> = z.input<(typeof INPUT_SCHEMAS)[K]>
export type ParsedInput<K extends Operation> = z.output<(typeof INPUT_SCHEMAS)[K]>

export interface OperationOutputs {
  listLocations: LocationsPayload
  getResidentialPrice: ResidentialPricePayload
  getGrowth: GrowthPayload
  getLandPrice: LandPricePayload
  /** `cancelled`: a lookup with this id was in flight and now answers CANCELLED. */
  cancelRequest: { cancelled: boolean }
  batchLookup: BatchLookupOutput
  cancelBatch: { cancelled: boolean }
  getSettings: Settings
  updateSettings: Settings
  setApiKey: KeyStatus
  clearApiKey: KeyStatus
  getKeyStatus: KeyStatus
  testConnection: ConnectionTestOutput
  getConnectionStatus: ConnectionStatus
}

type MarketMethod<K extends Operation> =
  undefined extends OperationInput<K>
    ? (input?: OperationInput<K>) => Promise<Result<OperationOutputs[K]>>
    : (input: OperationInput<K>) => Promise<Result<OperationOutputs[K]>>

/** What the renderer sees as `window.market`. */
export type MarketApi = { [K in Operation]: MarketMethod<K> } & {
  onBatchProgress: (listener: (event: BatchProgressEvent) => void) => () => void
}

type HandlerFn<K extends Operation> =
  undefined extends ParsedInput<K>
    ? (input?: ParsedInput<K>) => Promise<Result<OperationOutputs[K]>>
    : (input: ParsedInput<K>) => Promise<Result<OperationOutputs[K]>>

/** Handlers as main implements them: already-validated input in, Result out. */
export type Handlers = { [K in Operation]: HandlerFn<K> }
