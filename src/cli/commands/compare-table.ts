/**
 * compare's lookups (per row: the price, then the growth, of each transaction type) and their
 * answers as rows: rent and sale price, gross yield = annual rent ÷ sale price, and growth.
 */
import type { LookupRequest, LookupResult } from '@shared/contract'
import { describeError } from '@shared/errors/next-steps'
import type { AppError, ErrorCode, Result } from '@shared/result'
import { err } from '@shared/result'
import { GROWTH_MEANING_WORDS } from '@shared/growth'
import type { GrowthMeaning } from '@shared/growth'
import { asGrowthFigure, asPriceFigure, grossYield } from '@shared/figures/figures'
import type { GrowthFigure, Money, RentPeriod } from '@shared/figures/figures'
import type { TransactionType } from '@shared/spec'
import { bedTypeWords } from '../fields'
import type { Cell, Column } from '../format'
import { growthColumn } from './command'
import type { CommandOutput } from './command'

export interface CompareRow {
  location: string
  countryCode: string
  beds: string
}

type CompareItem = Extract<LookupRequest, { kind: 'residentialPrice' | 'growth' }> & {
  type: TransactionType
}

/** A row's lookups, in the order their answers are read: each type's price, then its growth. */
export function compareItems(row: CompareRow, types: readonly TransactionType[]): CompareItem[] {
  return [
    ...types.map((type) => ({ kind: 'residentialPrice' as const, ...row, type })),
    ...types.map((type) => ({
      kind: 'growth' as const,
      ...row,
      sector: 'residential' as const,
      type
    }))
  ]
}

interface Failure {
  row: CompareRow
  item: CompareItem
  error: AppError
}

export const NOT_ANSWERED = err('CANCELLED', 'Not answered: the batch ended first.')

const label = (item: CompareItem): string =>
  `${item.type} ${item.kind === 'growth' ? 'growth' : 'price'}`

/** Gross yield in percent, rounded to 2 decimals as the app shows it; null when there is none. */
export function grossYieldPercent(rent: Money, sale: Money, rentPeriod: RentPeriod): number | null {
  const outcome = grossYield(rent, sale, rentPeriod)
  return outcome.ok ? Math.round(outcome.fraction * 10_000) / 100 : null
}

function columnsFor(types: readonly TransactionType[], meaning: GrowthMeaning): Column[] {
  const both = types.length === 2
  const text = (header: string): Column => ({ header, kind: 'text' })
  return [
    ...['location', 'country_code', 'beds', 'bed_type', 'currency'].map(text),
    ...types.map((type): Column => ({ header: type, kind: 'number', decimals: 0 })),
    ...(both
      ? [{ header: 'gross_yield_pct', kind: 'number', decimals: 2, minDecimals: 2 } as const]
      : []),
    ...types.map((type) => growthColumn(meaning, `${type}_`)),
    text('growth_period')
  ]
}

/**
 * One row's cells from its lookups' answers. Each failure joins `failures`; `notes` gets one line
 * per error code naming the lookups that failed with it, then a note on a currency mismatch.
 */
function rowCells(
  row: CompareRow,
  answers: readonly { item: CompareItem; result: LookupResult }[],
  types: readonly TransactionType[],
  rentPeriod: RentPeriod,
  failures: Failure[],
  notes: { failed: string[]; other: string[] }
): Cell[] {
  const price: Partial<Record<TransactionType, Money>> = {}
  const growth: Partial<Record<TransactionType, GrowthFigure>> = {}
  const failed = new Map<ErrorCode, Failure[]>()
  for (const { item, result } of answers) {
    if (!result.ok) {
      // Phrased for the command line once, here: notes and the summary quote it as it is.
      const { nextStep: _nextStep, ...error } = result.error
      const failure = {
        row,
        item,
        error: { ...error, message: describeError(result.error, 'cli') }
      }
      failures.push(failure)
      failed.set(error.code, [...(failed.get(error.code) ?? []), failure])
      continue
    }
    const priced = item.kind === 'residentialPrice' ? asPriceFigure(result.data) : undefined
    if (priced) price[item.type] = { amount: priced.price, currency: priced.currency }
    const grown = item.kind === 'growth' ? asGrowthFigure(result.data) : undefined
    if (grown) growth[item.type] = grown
  }
  const where = `${row.location}:${row.countryCode} beds ${row.beds}`
  for (const [code, same] of failed) {
    const what = same.map((failure) => label(failure.item)).join(', ')
    notes.failed.push(`note [${code}]: ${where} (${what}): ${same[0]?.error.message ?? ''}`)
  }
  const { rent, sale } = price
  const currencies = [...new Set([rent?.currency, sale?.currency].filter((c) => c !== undefined))]
  if (rent && sale && currencies.length > 1) {
    notes.other.push(
      `note: ${where}: rent is in ${rent.currency} and sale in ${sale.currency}, so no yield is shown.`
    )
  }
  const period = types.map((type) => growth[type]?.period).find((p) => p !== undefined)
  return [
    row.location,
    row.countryCode,
    row.beds,
    bedTypeWords(row.beds),
    currencies.length > 0 ? currencies.join('/') : null,
    ...types.map((type) => price[type]?.amount ?? null),
    ...(types.length === 2
      ? [rent && sale ? grossYieldPercent(rent, sale, rentPeriod) : null]
      : []),
    ...types.map((type) => growth[type]?.growth ?? null),
    period ?? null
  ]
}

export function assembleCompare(
  rows: readonly CompareRow[],
  results: readonly LookupResult[],
  types: readonly TransactionType[],
  rentPeriod: RentPeriod,
  meaning: GrowthMeaning
): Result<CommandOutput> {
  const failures: Failure[] = []
  const notes = { failed: [] as string[], other: [] as string[] }
  let next = 0
  const cells = rows.map((row) => {
    const answers = compareItems(row, types).map((item) => ({
      item,
      result: results[next++] ?? NOT_ANSWERED
    }))
    return rowCells(row, answers, types, rentPeriod, failures, notes)
  })
  const total = next
  const first = failures[0]
  // Lookups main's quota guard did not send (paused or stopped) are told apart from failures.
  const notSent = failures.filter((failure) => failure.error.notSent).length
  const failedWords = notSent
    ? `${failures.length - notSent} failed and ${notSent} were not sent`
    : 'failed'
  if (first && failures.length === total) {
    const codes = [...new Set(failures.map((failure) => failure.error.code))]
    const all = notSent
      ? `None of the ${total} lookups succeeded: ${failedWords}`
      : `All ${total} lookups failed`
    const prefix = codes.length === 1 ? `${all}.` : `${all} (${codes.join(', ')}); the first:`
    return { ok: false, error: { ...first.error, message: `${prefix} ${first.error.message}` } }
  }
  const columns = columnsFor(types, meaning)
  const json = {
    type: types.length === 2 ? 'both' : types[0],
    rent_period: rentPeriod,
    growth_is: GROWTH_MEANING_WORDS[meaning],
    rows: cells.map((row) =>
      Object.fromEntries(columns.map((column, index) => [column.header, row[index] ?? null]))
    ),
    failures: failures.map(({ row, item, error }) => ({
      location: row.location,
      country_code: row.countryCode,
      beds: row.beds,
      lookup: label(item),
      code: error.code,
      message: error.message
    }))
  }
  const output: CommandOutput = {
    json,
    table: { columns, rows: cells },
    notes: [...notes.failed, ...notes.other]
  }
  if (first) {
    output.partialFailure = {
      code: first.error.code,
      message: `${notSent ? `Of ${total} lookups, ${failedWords}` : `${failures.length} of ${total} lookups failed`}; their cells show — in the table (empty in CSV, null in JSON). The notes above say why.`
    }
  }
  return { ok: true, data: output }
}
