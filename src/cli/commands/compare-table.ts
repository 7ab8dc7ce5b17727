/**
 * compare's plan (which lookups for which rows) and its assembly of the batch results into rows:
 * rent and sale price, gross yield = annual rent ÷ sale price, and growth per transaction type.
 */
import type { LookupRequest, LookupResult } from '@shared/contract'
import { describeError } from '@shared/errors/next-steps'
import type { AppError, Result } from '@shared/result'
import { GROWTH_MEANING_WORDS } from '@shared/growth'
import type { GrowthMeaning } from '@shared/growth'
import { asGrowthFigure, asPriceFigure, grossYield } from '@shared/figures/figures'
import type { Money, RentPeriod } from '@shared/figures/figures'
import type { TransactionType } from '@shared/spec'
import { bedTypeWords } from '../fields'
import type { Cell, Column } from '../format'
import { growthColumn } from './command'
import type { CommandOutput } from './command'

export interface CompareRowKey {
  location: string
  countryCode: string
  beds: string
}

/** A lookup of the plan: the row it fills and the batch item that asks for it. */
interface Lookup {
  row: number
  item: Extract<LookupRequest, { kind: 'residentialPrice' | 'growth' }> & { type: TransactionType }
}

export interface ComparePlan {
  rows: CompareRowKey[]
  lookups: Lookup[]
}

export function planCompare(
  locations: readonly { slug: string; countryCode: string }[],
  beds: readonly string[],
  types: readonly TransactionType[]
): ComparePlan {
  const rows: CompareRowKey[] = []
  const lookups: Lookup[] = []
  for (const location of locations) {
    for (const bed of beds) {
      const place = { location: location.slug, countryCode: location.countryCode, beds: bed }
      const row = rows.push(place) - 1
      for (const type of types) {
        lookups.push({ row, item: { kind: 'residentialPrice', ...place, type } })
      }
      for (const type of types) {
        lookups.push({ row, item: { kind: 'growth', ...place, sector: 'residential', type } })
      }
    }
  }
  return { rows, lookups }
}

interface RowValues {
  price: Partial<Record<TransactionType, Money>>
  growth: Partial<Record<TransactionType, { value: number; period: string }>>
}

interface Failure {
  lookup: Lookup
  error: AppError
}

const label = ({ item }: Lookup): string =>
  `${item.type} ${item.kind === 'growth' ? 'growth' : 'price'}`

/** Gross yield in percent, rounded to 2 decimals as the app shows it; null when there is none. */
export function grossYieldPercent(rent: Money, sale: Money, rentPeriod: RentPeriod): number | null {
  const outcome = grossYield(rent, sale, rentPeriod)
  return outcome.ok ? Math.round(outcome.fraction * 10_000) / 100 : null
}

function collect(plan: ComparePlan, results: readonly LookupResult[]) {
  const values: RowValues[] = plan.rows.map(() => ({ price: {}, growth: {} }))
  const failures: Failure[] = []
  plan.lookups.forEach((lookup, index) => {
    const result = results[index]
    const row = values[lookup.row]
    if (!result || !row) return
    if (!result.ok) {
      // Phrased for the command line once, here: notes and the summary quote it as it is.
      const { nextStep: _nextStep, ...error } = result.error
      return failures.push({
        lookup,
        error: { ...error, message: describeError(result.error, 'cli') }
      })
    }
    const { kind, type } = lookup.item
    const price = kind === 'residentialPrice' ? asPriceFigure(result.data) : undefined
    const growth = kind === 'growth' ? asGrowthFigure(result.data) : undefined
    if (price) row.price[type] = { amount: price.price, currency: price.currency }
    if (growth) row.growth[type] = { value: growth.growth, period: growth.period }
  })
  return { values, failures }
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

function rowCells(
  key: CompareRowKey,
  row: RowValues,
  types: readonly TransactionType[],
  rentPeriod: RentPeriod,
  notes: string[]
): Cell[] {
  const { rent, sale } = row.price
  const currencies = [...new Set([rent?.currency, sale?.currency].filter((c) => c !== undefined))]
  const yieldCell: Cell = rent && sale ? grossYieldPercent(rent, sale, rentPeriod) : null
  if (rent && sale && currencies.length > 1) {
    notes.push(
      `note: ${key.location}:${key.countryCode} beds ${key.beds}: rent is in ${rent.currency} and sale in ${sale.currency}, so no yield is shown.`
    )
  }
  const period = types.map((type) => row.growth[type]?.period).find((p) => p !== undefined)
  return [
    key.location,
    key.countryCode,
    key.beds,
    bedTypeWords(key.beds),
    currencies.length > 0 ? currencies.join('/') : null,
    ...types.map((type) => row.price[type]?.amount ?? null),
    ...(types.length === 2 ? [yieldCell] : []),
    ...types.map((type) => row.growth[type]?.value ?? null),
    period ?? null
  ]
}

/** One note per row and error code, naming the failed lookups, with the first message. */
function failureNotes(plan: ComparePlan, failures: readonly Failure[]): string[] {
  const groups = new Map<string, Failure[]>()
  for (const failure of failures) {
    const id = `${failure.lookup.row}\u0000${failure.error.code}`
    groups.set(id, [...(groups.get(id) ?? []), failure])
  }
  return [...groups.values()].flatMap(([first, ...rest]) => {
    const key = first ? plan.rows[first.lookup.row] : undefined
    if (!first || !key) return []
    const what = [first, ...rest].map((failure) => label(failure.lookup)).join(', ')
    return [
      `note [${first.error.code}]: ${key.location}:${key.countryCode} beds ${key.beds} (${what}): ${first.error.message}`
    ]
  })
}

export function assembleCompare(
  plan: ComparePlan,
  results: readonly LookupResult[],
  types: readonly TransactionType[],
  rentPeriod: RentPeriod,
  meaning: GrowthMeaning = 'per-year'
): Result<CommandOutput> {
  const { values, failures } = collect(plan, results)
  const total = plan.lookups.length
  const first = failures[0]
  if (first && failures.length === total) {
    const codes = [...new Set(failures.map((failure) => failure.error.code))]
    const prefix =
      codes.length === 1
        ? `All ${total} lookups failed.`
        : `All ${total} lookups failed (${codes.join(', ')}); the first:`
    return { ok: false, error: { ...first.error, message: `${prefix} ${first.error.message}` } }
  }
  const notes: string[] = []
  const columns = columnsFor(types, meaning)
  const rows = plan.rows.map((key, index) =>
    rowCells(key, values[index] ?? { price: {}, growth: {} }, types, rentPeriod, notes)
  )
  const json = {
    type: types.length === 2 ? 'both' : types[0],
    rent_period: rentPeriod,
    growth_is: GROWTH_MEANING_WORDS[meaning],
    rows: rows.map((cells) =>
      Object.fromEntries(columns.map((column, index) => [column.header, cells[index] ?? null]))
    ),
    failures: failures.map(({ lookup, error }) => ({
      location: plan.rows[lookup.row]?.location,
      country_code: plan.rows[lookup.row]?.countryCode,
      beds: plan.rows[lookup.row]?.beds,
      lookup: label(lookup),
      code: error.code,
      message: error.message
    }))
  }
  const output: CommandOutput = {
    json,
    table: { columns, rows },
    notes: [...failureNotes(plan, failures), ...notes]
  }
  if (first) {
    output.partialFailure = {
      code: first.error.code,
      message: `${failures.length} of ${total} lookups failed; their cells show — in the table (empty in CSV, null in JSON). The notes above say why.`
    }
  }
  return { ok: true, data: output }
}
