/**
 * compare: per location × bed type, the price then the growth of each transaction type, looked up
 * in one batch, as rows: rent and sale price, gross yield = annual rent ÷ sale price, and growth.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type { LookupRequest, LookupResult } from '@shared/contract'
import { describeError } from '@shared/errors/next-steps'
import { asGrowthFigure, asPriceFigure, grossYield } from '@shared/figures/figures'
import type { GrowthFigure, Money, RentPeriod } from '@shared/figures/figures'
import { GROWTH_MEANING_WORDS, growthFieldName } from '@shared/growth'
import type { GrowthMeaning } from '@shared/growth'
import type { Handlers } from '@shared/operations'
import { err, ok } from '@shared/result'
import type { ErrorCode, Result } from '@shared/result'
import type { TransactionType } from '@shared/spec'
import {
  bedsListField,
  bedTypeWords,
  compareTypeField,
  countryField,
  countryFor,
  GROWTH_IS_HELP,
  growthIsField,
  locationListField,
  rentPeriodField
} from '../fields'
import type { Cell, Column } from '../format'
import { defineCommand, growthColumn, tableOf } from './command'
import type { CommandOutput } from './command'

export const MAX_COMPARE_LOCATIONS = 500
export const MAX_COMPARE_BEDS = 24

const CompareArgs = z.object({
  locations: locationListField.refine(
    (list) => list.length <= MAX_COMPARE_LOCATIONS,
    `takes at most ${MAX_COMPARE_LOCATIONS} locations`
  ),
  country: countryField.optional(),
  beds: bedsListField.refine(
    (list) => list.length <= MAX_COMPARE_BEDS,
    `takes at most ${MAX_COMPARE_BEDS} bed types`
  ),
  type: compareTypeField.default('both'),
  'rent-period': rentPeriodField.default('year'),
  'growth-is': growthIsField.default('per-year')
})

interface CompareRow {
  location: string
  countryCode: string
  beds: string
}

type CompareItem = Extract<LookupRequest, { kind: 'residentialPrice' | 'growth' }> & {
  type: TransactionType
}

/** A failed lookup as --json lists it: its row, which lookup, its error for the command line. */
interface Failure extends Record<'location' | 'country_code' | 'beds' | 'lookup', string> {
  code: ErrorCode
  message: string
}

const NOT_ANSWERED = err('CANCELLED', 'Not answered: the batch ended first.')

/** A row's lookups, in the order their answers are read: each type's price, then its growth. */
function compareItems(row: CompareRow, types: readonly TransactionType[]): CompareItem[] {
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

/** Runs the items through batchLookup in chunks the contract accepts; Ctrl-C cancels. */
async function runBatches(
  handlers: Handlers,
  items: readonly LookupRequest[],
  signal: AbortSignal
): Promise<Result<LookupResult[]>> {
  const results: LookupResult[] = []
  for (let start = 0; start < items.length; start += MAX_BATCH_ITEMS) {
    const batchId = `cli-${randomUUID()}`
    const cancel = (): void => void handlers.cancelBatch({ batchId })
    signal.addEventListener('abort', cancel, { once: true })
    try {
      const chunk = items.slice(start, start + MAX_BATCH_ITEMS)
      const batch = await handlers.batchLookup({ batchId, items: chunk })
      if (!batch.ok) return batch
      // Nothing streams in the CLI, so the reply carries every item's Result; one missing was
      // not answered.
      const answered = batch.data.results ?? []
      results.push(...chunk.map((_, index) => answered[index] ?? NOT_ANSWERED))
      if (batch.data.cancelled) break
    } finally {
      signal.removeEventListener('abort', cancel)
    }
  }
  return { ok: true, data: results }
}

/** Gross yield in percent, rounded to 2 decimals as the app shows it; null when there is none. */
export function grossYieldPercent(rent: Money, sale: Money, rentPeriod: RentPeriod): number | null {
  const outcome = grossYield(rent, sale, rentPeriod)
  return outcome.ok ? Math.round(outcome.fraction * 10_000) / 100 : null
}

function columnsFor(types: readonly TransactionType[], meaning: GrowthMeaning): Column[] {
  const text = (header: string): Column => ({ header, kind: 'text' })
  return [
    ...['location', 'country_code', 'beds', 'bed_type', 'currency'].map(text),
    ...types.map((type): Column => ({ header: type, kind: 'number', decimals: 0 })),
    ...(types.length === 2
      ? [{ header: 'gross_yield_pct', kind: 'number', decimals: 2, minDecimals: 2 } as const]
      : []),
    ...types.map((type) => growthColumn(meaning, `${type}_`)),
    text('growth_period')
  ]
}

/**
 * The rows by column header, every failed lookup's cell empty. Each failure is listed, and
 * `notes` gets one line per row and error code naming the lookups that failed with it, then a
 * note on a currency mismatch. Any failure (every lookup's included) makes the run end with the
 * first one's code, after a summary that tells lookups main's quota guard did not send (paused or
 * stopped) apart from failures.
 */
function assembleCompare(
  rows: readonly CompareRow[],
  results: readonly LookupResult[],
  types: readonly TransactionType[],
  rentPeriod: RentPeriod,
  meaning: GrowthMeaning
): CommandOutput {
  const failures: Failure[] = []
  const notes: string[] = []
  let notSent = 0
  let total = 0
  const records = rows.map((row) => {
    const price: Partial<Record<TransactionType, Money>> = {}
    const growth: Partial<Record<TransactionType, GrowthFigure>> = {}
    const failed = new Map<ErrorCode, Failure[]>()
    const place = { location: row.location, country_code: row.countryCode, beds: row.beds }
    for (const item of compareItems(row, types)) {
      const result = results[total++] ?? NOT_ANSWERED
      if (!result.ok) {
        // Phrased for the command line once, here: notes and the summary quote it as it is.
        const { code } = result.error
        const failure: Failure = {
          ...place,
          lookup: `${item.type} ${item.kind === 'growth' ? 'growth' : 'price'}`,
          code,
          message: describeError(result.error, 'cli')
        }
        failures.push(failure)
        if (result.error.notSent) notSent += 1
        failed.set(code, [...(failed.get(code) ?? []), failure])
      } else if (item.kind === 'residentialPrice') {
        const priced = asPriceFigure(result.data)
        if (priced) price[item.type] = { amount: priced.price, currency: priced.currency }
      } else {
        growth[item.type] = asGrowthFigure(result.data)
      }
    }
    const where = `${row.location}:${row.countryCode} beds ${row.beds}`
    for (const [code, same] of failed) {
      const what = same.map((failure) => failure.lookup).join(', ')
      notes.push(`note [${code}]: ${where} (${what}): ${same[0]?.message ?? ''}`)
    }
    const { rent, sale } = price
    const currencies = [...new Set([rent?.currency, sale?.currency].filter((c) => c !== undefined))]
    if (rent && sale && currencies.length > 1) {
      notes.push(
        `note: ${where}: rent is in ${rent.currency} and sale in ${sale.currency}, so no yield is shown.`
      )
    }
    const record: Record<string, Cell> = {
      ...place,
      bed_type: bedTypeWords(row.beds),
      currency: currencies.join('/') || null,
      gross_yield_pct: rent && sale ? grossYieldPercent(rent, sale, rentPeriod) : null,
      growth_period: types.map((type) => growth[type]?.period).find((p) => p !== undefined) ?? null
    }
    for (const type of types) {
      record[type] = price[type]?.amount ?? null
      record[growthFieldName(meaning, `${type}_`)] = growth[type]?.growth ?? null
    }
    return record
  })
  const columns = columnsFor(types, meaning)
  const json = {
    type: types.length === 2 ? 'both' : types[0],
    rent_period: rentPeriod,
    growth_is: GROWTH_MEANING_WORDS[meaning],
    rows: records.map((record) =>
      Object.fromEntries(columns.map(({ header }) => [header, record[header] ?? null]))
    ),
    failures
  }
  const output: CommandOutput = { json, table: tableOf(columns, records), notes }
  const first = failures[0]
  if (first) {
    const also = notSent ? ` and ${notSent} were not sent` : ''
    output.partialFailure = {
      code: first.code,
      message: `${failures.length - notSent} of ${total} lookups failed${also}; their cells show — in the table (empty in CSV, null in JSON). The notes above say why.`
    }
  }
  return output
}

export const compareCommand = defineCommand({
  name: 'compare',
  summary: 'rent, sale, gross yield and growth for many locations × bed types (one batch)',
  usage:
    'compare --locations SLUG[:CC],... --beds N,... [--country CC] [--type rent|sale|both] [--rent-period year|month] [--growth-is per-year|total]',
  help: `Options:
  --locations LIST       comma-separated slugs, each optionally slug:CC,
                         e.g. lekki-phase-1,ikoyi:NG,east-legon:GH (required)
  --beds LIST            comma-separated bed types, e.g. 2,3 (required)
  --country CC           country for slugs without :CC (default NG)
  --type TYPE            rent, sale or both (default both; yield needs both)
  --rent-period PERIOD   what the service's rent is per: year (default) or month;
                         gross_yield_pct = annual rent ÷ sale price × 100 (month rent × 12)
${GROWTH_IS_HELP}

One row per location × bed type; bed_type is the bed value's name ("1 bed / self-contained").
Growth columns are rent_growth_avg_per_year and sale_growth_avg_per_year (or _total).
A lookup that fails leaves its cell empty ("—" in the table, empty in CSV, null in JSON) with a
note on stderr; the rows are still printed and the exit code is the code of the first
failure (0 when every lookup succeeded).

Examples:
  npm run cli -- compare --locations lekki-phase-1,ikoyi,east-legon:GH --beds 2,3
  npm run cli -- compare --locations wuse-2,maitama --beds 1,2,3 --type rent --csv > abuja.csv`,
  schema: CompareArgs,
  async run(args, { handlers, signal }) {
    // Each location once (a slug named in two countries is two), in the order first named.
    const places = new Map(
      args.locations.map((location) => {
        const countryCode = countryFor(location, args.country)
        return [`${countryCode}:${location.slug}`, { location: location.slug, countryCode }]
      })
    )
    const rows = [...places.values()].flatMap((place) =>
      args.beds.map((beds) => ({ ...place, beds }))
    )
    const types: TransactionType[] = args.type === 'both' ? ['rent', 'sale'] : [args.type]
    const items = rows.flatMap((row) => compareItems(row, types))
    const results = await runBatches(handlers, items, signal)
    if (!results.ok) return results
    return ok(assembleCompare(rows, results.data, types, args['rent-period'], args['growth-is']))
  }
})
