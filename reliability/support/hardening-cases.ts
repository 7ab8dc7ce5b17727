/**
 * Cases for the client-hardening suite: implausible and plausible answers (fast-check), huge
 * service messages, random API keys, and the setApiKey inputs that must be refused.
 */
import fc from 'fast-check'
import { SERVICE_MESSAGE_SCAN_CHARS } from '../../src/main/client/errors'

const PRICE = { beds: '3', location: 'lekki-phase-1', country_code: 'NG', currency: 'NGN' }

export type Operation = 'residentialPrice' | 'landPrice' | 'growth'

export interface AnswerCase {
  operation: Operation
  data: Record<string, unknown>
  /** The field a refusal must name (`data.price`), or undefined for a plausible answer. */
  badField: string | undefined
}

const badPrice = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e15, 1e308, -1e308, Number.MAX_VALUE),
  fc.double({ max: 0.999, noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: 1e15, noNaN: true, noDefaultInfinity: true })
)
const goodPrice = fc.oneof(
  fc.integer({ min: 1, max: 2_000_000_000 }),
  fc.double({ min: 1, max: 9.9e14, noNaN: true })
)
const badGrowth = fc.oneof(
  fc.constantFrom(-1e308, 1e308, -100.01, 1000.01),
  fc.double({ max: -100.0001, noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: 1000.0001, noNaN: true, noDefaultInfinity: true })
)
const goodGrowth = fc.double({ min: -100, max: 1000, noNaN: true })
const year = (min: number, max: number) => fc.integer({ min, max })
const period = (start: number, end: number) =>
  `${String(start).padStart(4, '0')}-${String(end).padStart(4, '0')}`
const badPeriod = fc.oneof(
  fc.constantFrom('0000-9999', '2025-2020', '2020-2020', '20-25', '2020–2025', ''),
  fc.tuple(year(0, 1899), year(1900, 2100)).map(([start, end]) => period(start, end)),
  fc.tuple(year(1900, 2100), year(2101, 9999)).map(([start, end]) => period(start, end)),
  fc.tuple(year(1900, 2040), year(51, 60)).map(([start, span]) => period(start, start + span)),
  fc
    .tuple(year(1901, 2100), year(0, 50))
    .map(([end, back]) => period(end, Math.max(1900, end - back)))
)
const goodPeriod = fc
  .tuple(year(1900, 2099), year(1, 50))
  .map(([start, span]) => period(start, Math.min(2100, start + span)))

export const implausibleAnswer: fc.Arbitrary<AnswerCase> = fc.oneof(
  badPrice.map((price) => ({
    operation: 'residentialPrice' as const,
    data: { ...PRICE, price },
    badField: 'data.price'
  })),
  badPrice.map((price) => ({
    operation: 'landPrice' as const,
    data: { price, currency: 'NGN', unit: 'sqm' },
    badField: 'data.price'
  })),
  fc.tuple(badGrowth, goodPeriod).map(([growth, p]) => ({
    operation: 'growth' as const,
    data: { growth, period: p },
    badField: 'data.growth'
  })),
  fc.tuple(goodGrowth, badPeriod).map(([growth, p]) => ({
    operation: 'growth' as const,
    data: { growth, period: p },
    badField: 'data.period'
  }))
)

export const plausibleAnswer: fc.Arbitrary<AnswerCase> = fc.oneof(
  goodPrice.map((price) => ({
    operation: 'residentialPrice' as const,
    data: { ...PRICE, price },
    badField: undefined
  })),
  goodPrice.map((price) => ({
    operation: 'landPrice' as const,
    data: { price, currency: 'NGN', unit: 'plot' },
    badField: undefined
  })),
  fc.tuple(goodGrowth, goodPeriod).map(([growth, p]) => ({
    operation: 'growth' as const,
    data: { growth, period: p },
    badField: undefined
  }))
)

/** Random sendable keys of 8-64 characters, including the characters HTML, JSON and URLs escape. */
export const apiKey = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
        )
      },
      { weight: 1, arbitrary: fc.constantFrom(...'-_.~"&<>/+%\\=:;!*\'') }
    ),
    { minLength: 8, maxLength: 64 }
  )
  .map((chars) => `k${chars.join('')}z`)

export const EIGHT_MB = 8_000_000

/** Service messages of about 8 MB, each shaped to stress one step of cleaning. */
export function hugeMessages(key: string): Array<{ name: string; message: string }> {
  const fill = (unit: string): string => unit.repeat(Math.ceil(EIGHT_MB / unit.length))
  const straddle = ' '.repeat(SERVICE_MESSAGE_SCAN_CHARS - 7)
  return [
    { name: 'one letter', message: fill('x') },
    { name: 'mostly whitespace', message: `${fill(' \t\n ')}end` },
    { name: 'control characters', message: fill('\u0007a\u0000') },
    { name: 'emoji (surrogate pairs)', message: fill('🙂') },
    { name: 'key at the end', message: `${fill('m ')}${key}` },
    { name: 'key straddling the cut', message: `${straddle}${key}${fill('y')}` },
    { name: 'key repeated', message: fill(`${key} `) },
    { name: 'HTML-escaped key repeated', message: fill(`${key.replace(/&/g, '&amp;')}<br>`) }
  ]
}

/** setApiKey inputs that must be refused, and why. */
export const BAD_KEYS: Array<{ why: string; key: string }> = [
  { why: 'line break', key: 'sk-live-abc\ndef123' },
  { why: 'carriage return', key: 'sk-live-abc\rdef123' },
  { why: 'tab', key: 'sk-live-abc\tdef123' },
  { why: 'NUL', key: 'sk-live-abc\u0000def123' },
  { why: 'escape', key: 'sk-live-abc\u001bdef123' },
  { why: 'DEL', key: 'sk-live-abc\u007fdef123' },
  { why: 'accented letter', key: 'sk-live-clé-123456' },
  { why: 'Cyrillic', key: 'sk-live-ключ-123456' },
  { why: 'non-breaking space', key: 'sk-live-abc\u00a0def123' },
  { why: 'zero-width space', key: 'sk-live-abc\u200bdef123' },
  { why: 'emoji', key: 'sk-live-🙂-123456' },
  { why: 'one character', key: '1' },
  { why: 'seven characters', key: 'k-12345' },
  { why: 'only spaces', key: '        ' },
  { why: 'over 512 characters', key: 'k'.repeat(513) }
]
