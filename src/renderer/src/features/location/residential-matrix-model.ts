import type { BedType } from '@shared/bed-types'
import type { Settings } from '@shared/settings'
import type { GrowthPayload, ResidentialPricePayload, TransactionType } from '@shared/spec'
import type { MarketData, MarketQueryError } from '../../data/market-result'
import { bedLabel } from '../../lib/beds'
import { growthValue } from '../../lib/growth'
import type { GrowthValue } from '../../lib/growth'
import { yieldWithFormula } from '../../lib/rental-yield'
import type { ShownYield } from '../../lib/rental-yield'

/** The residential price matrix as data: what the answers of its queries show. */

export type CellState<T> =
  | { status: 'loading' }
  | { status: 'ok'; value: MarketData<T> }
  | { status: 'no-data'; remembered: boolean }
  | { status: 'error'; error: MarketQueryError }

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

/** What the model reads of one query (a react-query result fits). */
export interface QueryOutcome<T> {
  data: MarketData<T> | undefined
  error: MarketQueryError | null
}

/**
 * One bed type and transaction type: its price and growth queries, and whether they were not
 * asked because an earlier visit found no data there.
 */
export interface ComboAnswer {
  beds: string
  type: TransactionType
  price: QueryOutcome<ResidentialPricePayload> | undefined
  growth: QueryOutcome<GrowthPayload> | undefined
  remembered: boolean
}

/** The growth period the rows' figures cover (the first answered), for labels. */
export function growthPeriodOf(rows: readonly BedRow[]): string | undefined {
  return rows
    .flatMap((row) => [row.growthFraction.rent?.period, row.growthFraction.sale?.period])
    .find(Boolean)
}

/**
 * `remembered`: the cell was not asked this time because an earlier visit found no data. A
 * NOT_FOUND answered during this visit is shown as such (remembered: false).
 */
export function cellOf<T>(query: QueryOutcome<T> | undefined, remembered: boolean): CellState<T> {
  if (query?.error?.code === 'NOT_FOUND') return { status: 'no-data', remembered }
  if (remembered) return { status: 'no-data', remembered: true }
  if (!query) return { status: 'loading' }
  if (query.data) return { status: 'ok', value: query.data }
  if (query.error) return { status: 'error', error: query.error }
  return { status: 'loading' }
}

/** One row per bed type: its cells, growth as a fraction in the configured unit, and gross yield. */
export function buildBedRows(
  bedTypes: readonly BedType[],
  answers: readonly ComboAnswer[],
  settings: Pick<Settings, 'growthUnit' | 'rentPeriod' | 'growthMeaning'>
): BedRow[] {
  return bedTypes.map(({ value: beds }) => {
    const cells = (type: TransactionType) => {
      const answer = answers.find((one) => one.beds === beds && one.type === type)
      const remembered = answer?.remembered ?? false
      return {
        price: cellOf(answer?.price, remembered),
        growth: cellOf(answer?.growth, remembered)
      }
    }
    const rentCells = cells('rent')
    const saleCells = cells('sale')
    const price = { rent: rentCells.price, sale: saleCells.price }
    const growth = { rent: rentCells.growth, sale: saleCells.growth }
    const fractionOf = (cell: CellState<GrowthPayload>) =>
      cell.status === 'ok' ? growthValue(cell.value.data, settings) : undefined
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

/** The query failed; "no data" (NOT_FOUND) is an answer, not a failure. */
export function isFailure(query: QueryOutcome<unknown>): boolean {
  return query.error !== null && query.error !== undefined && query.error.code !== 'NOT_FOUND'
}
