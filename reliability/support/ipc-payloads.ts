/**
 * Random IPC payloads per operation: anything at all, hostile values (huge strings, deep nesting,
 * prototype keys, NaN/Infinity), and the operation's valid inputs with one field swapped, removed
 * or added. Valid inputs are kept small and never point the app at a real network address.
 */
import fc from 'fast-check'
import type { Operation } from '@shared/channels'

const LEKKI = { location: 'lekki-phase-1', countryCode: 'NG' }

export const VALID_INPUTS: Record<Operation, readonly unknown[]> = {
  listLocations: [{ sector: 'residential' }, { sector: 'land' }],
  getResidentialPrice: [
    { ...LEKKI, type: 'rent', beds: '2' },
    { ...LEKKI, type: 'sale', beds: '3' }
  ],
  getGrowth: [
    { ...LEKKI, sector: 'residential', type: 'sale', beds: '3' },
    { location: 'ikoyi', countryCode: 'NG', sector: 'land' }
  ],
  getLandPrice: [{ location: 'ikoyi', countryCode: 'NG' }],
  batchLookup: [
    {
      batchId: 'fuzz-batch',
      items: [
        { kind: 'residentialPrice', ...LEKKI, type: 'rent', beds: '2' },
        { kind: 'landPrice', location: 'ikoyi', countryCode: 'NG' }
      ]
    }
  ],
  cancelBatch: [{ batchId: 'fuzz-batch' }],
  resumeService: [undefined, {}],
  getSettings: [undefined, {}],
  updateSettings: [
    { theme: 'dark' },
    { rentPeriod: 'month' },
    { growthUnit: 'fraction' },
    { bedTypes: [{ value: '1' }, { value: '2', label: '2 bed' }] },
    { offlineMode: false },
    { connectionMode: 'demo' },
    { timeouts: { headersMs: 5_000 } },
    { parameterPlacement: 'body' }
  ],
  setApiKey: [{ key: 'fuzz-key-0001', persistence: 'session' }],
  clearApiKey: [undefined],
  getKeyStatus: [undefined],
  testConnection: [
    undefined,
    { connectionMode: 'demo', baseUrl: '', parameterPlacement: 'query' },
    // A typed key must never come back; port 9 on loopback refuses at once.
    {
      connectionMode: 'remote',
      baseUrl: 'http://127.0.0.1:9',
      parameterPlacement: 'body',
      apiKey: 'fuzz-key-0001'
    }
  ],
  cancelConnectionTest: [undefined, {}],
  getConnectionStatus: [undefined],
  answerFlush: [{ flushId: 'fuzz-flush-1', written: 0, failed: 0 }],
  exportReport: [
    { suggestedName: 'market-report-ikoyi-2026-11-23.pdf', paper: 'Letter', footer: 'Ikoyi' }
  ]
}

function nested(depth: number): unknown {
  let value: unknown = { leaf: true }
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { next: value }
  return value
}

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 10_000, maxLength: 70_000 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, null, undefined, true, false, '', ' ', '\u0000'),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '../../etc/passwd'),
  fc.constantFrom('https://example.com', 'http://example.com', 'file:///etc/passwd', 'ftp://x'),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.integer({ min: 50, max: 3_000 }).map(nested)
)

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const

function withField(base: unknown, name: string, value: unknown): unknown {
  const copy = { ...(base as Record<string, unknown>) }
  // defineProperty makes "__proto__" an own key, as JSON.parse or structured clone would deliver it.
  Object.defineProperty(copy, name, { value, enumerable: true, configurable: true, writable: true })
  return copy
}

function withoutField(base: unknown, name: string): unknown {
  return Object.fromEntries(
    Object.entries(base as Record<string, unknown>).filter(([key]) => key !== name)
  )
}

/**
 * A payload that would send a request off this machine (a valid https URL swapped into a
 * `baseUrl` field): kept out, so the fuzz only ever contacts 127.0.0.1.
 */
function pointsOffMachine(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null || !('baseUrl' in payload)) return false
  const { baseUrl } = payload as { baseUrl: unknown }
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl.trim())) return false
  return !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(baseUrl.trim()).hostname)
}

/**
 * How a payload was built: one of the operation's valid inputs (must be served), a valid input
 * with a key added that no input has (must be refused), or anything else (the contract decides).
 */
export type Built = 'valid' | 'garbage' | 'unknown'

export interface FuzzPayload {
  input: unknown
  built: Built
}

const tagged =
  (built: Built) =>
  (input: unknown): FuzzPayload => ({ input, built })

export function payloadsFor(operation: Operation): fc.Arbitrary<FuzzPayload> {
  const valid = VALID_INPUTS[operation]
  const validObject = fc.constantFrom(...valid.map((input) => input ?? {}))
  const fieldOf = (input: unknown): fc.Arbitrary<string> => {
    const names = Object.keys(input as object)
    return names.length ? fc.constantFrom(...names) : fc.constant('extra')
  }
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.anything().map(tagged('unknown')) },
      { weight: 2, arbitrary: hostile.map(tagged('unknown')) },
      { weight: 1, arbitrary: fc.constantFrom(...valid).map(tagged('valid')) },
      {
        weight: 3,
        arbitrary: validObject.chain((input) =>
          fc
            .tuple(fieldOf(input), hostile)
            .map(([name, value]) => tagged('unknown')(withField(input, name, value)))
        )
      },
      {
        weight: 1,
        arbitrary: validObject.chain((input) =>
          fieldOf(input).map((name) => tagged('unknown')(withoutField(input, name)))
        )
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(validObject, fc.constantFrom(...PROTOTYPE_KEYS, 'extra'), fc.anything())
          .map(([input, name, value]) => tagged('garbage')(withField(input, name, value)))
      }
    )
    .filter((payload) => !pointsOffMachine(payload.input))
}
