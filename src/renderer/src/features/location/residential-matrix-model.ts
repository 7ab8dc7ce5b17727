import type { BedType } from '@shared/bed-types'
import type { Settings } from '@shared/settings'
import type { GrowthPayload, ResidentialPricePayload, TransactionType } from '@shared/spec'
import type { MarketData, MarketQueryError, Provenance } from '../../data/market-result'
import { bedLabel } from '../../lib/beds'
import { growthToFraction, perYearRate } from '../../lib/growth'
import { yieldWithFormula } from '../../lib/rental-yield'
import type { ShownYield } from '../../lib/rental-yield'
import { noDataKey } from '../../stores/app-stores'

/** The residential price matrix as data: which cells to ask for, and what the answers show. */

const TRANSACTION_TYPES: readonly TransactionType[] = ['rent', 'sale']

export type CellState<T> =
  | { status: 'loading' }
  | { status: 'ok'; value: MarketData<T> }
  | { status: 'no-data'; remembered: boolean }
  | { status: 'error'; error: MarketQueryError }

interface GrowthValue {
  /** The figure as the service states it (per year or total, as the settings read it). */
  fraction: number
  period: string
  /** The per-year rate it implies (a total spread over the period); undefined when none. */
  perYear: number | undefined
}

export interface BedRow {
  beds: string
  /** The bed type's words: the user's label, else "3 bed". */
  label: string
  price: Record<TransactionType, CellState<ResidentialPricePayload>>
  growth: Record<TransactionType, CellState<GrowthPayload>>
  growthFraction: Record<TransactionType, GrowthValue | undefined>
  yield: ShownYield | undefined
  /** Both rent and sale answered NOT_FOUND (remembered for this location). */
  noData: boolean
  /** Some "No data" here comes from an earlier visit and was not asked again this time. */
  remembered: boolean
}

/** One bed type and transaction type: a price query and a growth query. */
interface MatrixCombo {
  beds: string
  type: TransactionType
}

/** What the model reads of one query (a react-query result fits). */
export interface QueryOutcome<T> {
  data: MarketData<T> | undefined
  error: MarketQueryError | null
}

/** The growth period the rows' figures cover (the first answered), for labels. */
export function growthPeriodOf(rows: readonly BedRow[]): string | undefined {
  return rows
    .flatMap((row) => [row.growthFraction.rent?.period, row.growthFraction.sale?.period])
    .find(Boolean)
}

/** Every bed type × rent/sale, in the order the hook asks for them. */
export function matrixCombos(bedTypes: readonly string[]): MatrixCombo[] {
  return bedTypes.flatMap((beds) => TRANSACTION_TYPES.map((type) => ({ beds, type })))
}

/** The no-data memory keys of a bed type: asking it again forgets these. */
export function noDataKeysOf(beds: string): string[] {
  return TRANSACTION_TYPES.map((type) => noDataKey(type, beds))
}

/** A combination is asked unless an earlier visit found no data for it. */
export function isAsked(combo: MatrixCombo, remembered: ReadonlySet<string>): boolean {
  return !remembered.has(noDataKey(combo.type, combo.beds))
}

/**
 * `remembered`: the cell was not asked this time because an earlier visit found no data. A
 * NOT_FOUND answered during this visit is shown as such (remembered: false) even once stored.
 */
export function cellOf<T>(query: QueryOutcome<T> | undefined, remembered: boolean): CellState<T> {
  if (query?.error?.code === 'NOT_FOUND') return { status: 'no-data', remembered: false }
  if (remembered) return { status: 'no-data', remembered: true }
  if (!query) return { status: 'loading' }
  if (query.data) return { status: 'ok', value: query.data }
  if (query.error) return { status: 'error', error: query.error }
  return { status: 'loading' }
}

export interface MatrixAnswers {
  /** The combinations asked, as `matrixCombos` lists them; prices and growths follow this order. */
  combos: readonly MatrixCombo[]
  prices: ReadonlyArray<QueryOutcome<ResidentialPricePayload> | undefined>
  growths: ReadonlyArray<QueryOutcome<GrowthPayload> | undefined>
  /** No-data memory keys (`noDataKey`) known for this location from earlier visits. */
  remembered: ReadonlySet<string>
}

/** One row per bed type: its cells, growth as a fraction in the configured unit, and gross yield. */
export function buildBedRows(
  bedTypes: readonly BedType[],
  answers: MatrixAnswers,
  settings: Pick<Settings, 'growthUnit' | 'rentPeriod' | 'growthMeaning'>
): BedRow[] {
  const { combos, prices, growths, remembered } = answers
  return bedTypes.map(({ value: beds }) => {
    const at = (type: TransactionType) =>
      combos.findIndex((c) => c.beds === beds && c.type === type)
    const isRemembered = (type: TransactionType) => remembered.has(noDataKey(type, beds))
    const price = {
      rent: cellOf(prices[at('rent')], isRemembered('rent')),
      sale: cellOf(prices[at('sale')], isRemembered('sale'))
    }
    const growth = {
      rent: cellOf(growths[at('rent')], isRemembered('rent')),
      sale: cellOf(growths[at('sale')], isRemembered('sale'))
    }
    const fractionOf = (cell: CellState<GrowthPayload>): GrowthValue | undefined => {
      if (cell.status !== 'ok') return undefined
      const fraction = growthToFraction(cell.value.data.growth, settings.growthUnit)
      const period = cell.value.data.period
      return { fraction, period, perYear: perYearRate(fraction, settings.growthMeaning, period) }
    }
    const rent = price.rent.status === 'ok' ? price.rent.value.data : undefined
    const sale = price.sale.status === 'ok' ? price.sale.value.data : undefined
    return {
      beds,
      label: bedLabel(beds, bedTypes),
      price,
      growth,
      growthFraction: { rent: fractionOf(growth.rent), sale: fractionOf(growth.sale) },
      yield:
        rent && sale
          ? yieldWithFormula(
              { amount: rent.price, currency: rent.currency },
              { amount: sale.price, currency: sale.currency },
              settings.rentPeriod
            )
          : undefined,
      noData: price.rent.status === 'no-data' && price.sale.status === 'no-data',
      remembered: [price.rent, price.sale].some(
        (cell) => cell.status === 'no-data' && cell.remembered
      )
    }
  })
}

/**
 * The queries asked this visit, from prices followed by growths (each in `combos` order): those
 * remembered as "no data" are not asked, so they neither fail nor refresh.
 */
export function askedQueries<Q>(
  all: readonly Q[],
  combos: readonly MatrixCombo[],
  remembered: ReadonlySet<string>
): Q[] {
  return all.filter((_, index) => {
    const combo = combos[index % combos.length]
    return combo !== undefined && isAsked(combo, remembered)
  })
}

/** Where the figures shown come from. */
export function provenancesOf(all: ReadonlyArray<QueryOutcome<unknown>>): Provenance[] {
  return all.flatMap((query) => (query.data ? [query.data.meta] : []))
}

/** The query failed; "no data" (NOT_FOUND) is an answer, not a failure. */
export function isFailure(query: QueryOutcome<unknown>): boolean {
  return query.error !== null && query.error !== undefined && query.error.code !== 'NOT_FOUND'
}

/** The error the screen reports: the first failure among the queries asked. */
export function matrixError(
  asked: ReadonlyArray<QueryOutcome<unknown>>
): MarketQueryError | undefined {
  return asked.find(isFailure)?.error ?? undefined
}
