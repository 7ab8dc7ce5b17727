import type { BedType } from '@shared/bed-types'
import type { PriceFigure } from '@shared/figures/figures'
import type { Settings } from '@shared/settings'
import type { GrowthPayload, ResidentialPricePayload, TransactionType } from '@shared/spec'
import type { FigureCellState } from '../../data/location-figures'
import type { MarketData, MarketQueryError } from '../../data/market-result'
import { bedLabel } from '../../lib/beds'
import { NO_DISPLAY_CURRENCY } from '../../lib/currency-conversion'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import { growthCell, noData, priceCell, yieldCell } from '../../lib/figure-cells'
import type { FigureCell } from '../../lib/figure-cells'
import { growthValue } from '../../lib/growth'
import type { GrowthValue } from '../../lib/growth'

/**
 * The residential price matrix as data: what the answers of its queries show, as the figure cells
 * Compare and Rankings show (lib/figure-cells).
 */

export interface BedRow {
  beds: string
  /** The bed type's words: the user's label, else "3 bed". */
  label: string
  price: Record<TransactionType, FigureCellState>
  growth: Record<TransactionType, FigureCellState>
  growthFraction: Record<TransactionType, GrowthValue | undefined>
  /** Gross yield: its formula as the tooltip. */
  yield: FigureCellState
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

const REMEMBERED = noData('No data for this bed type (remembered)')

/** The growth period the rows' figures cover (the first answered), for labels. */
export function growthPeriodOf(rows: readonly BedRow[]): string | undefined {
  return rows
    .flatMap((row) => [row.growthFraction.rent?.period, row.growthFraction.sale?.period])
    .find(Boolean)
}

/** The price an answered price cell shows, in its own currency. */
export function priceOf(cell: FigureCellState): PriceFigure | undefined {
  return cell.status === 'ok' && cell.currency
    ? { price: cell.value, currency: cell.currency }
    : undefined
}

/**
 * `remembered`: the cell was not asked this time because an earlier visit found no data. A
 * NOT_FOUND answered during this visit is shown as such.
 */
export function cellOf<T>(
  query: QueryOutcome<T> | undefined,
  remembered: boolean,
  show: (data: T) => FigureCell
): FigureCellState {
  if (query?.error?.code === 'NOT_FOUND') return remembered ? REMEMBERED : noData('No data')
  if (remembered) return REMEMBERED
  if (query?.data) return Object.assign(show(query.data.data), { meta: query.data.meta })
  if (query?.error) return { status: 'error', error: query.error }
  return { status: 'loading' }
}

/** Gross yield once both prices are in; the older of their provenances. */
function yieldOf(
  rent: FigureCellState,
  sale: FigureCellState,
  settings: Pick<Settings, 'rentPeriod'>
) {
  const [rentPrice, salePrice] = [priceOf(rent), priceOf(sale)]
  if (!rentPrice || !salePrice || rent.status !== 'ok' || sale.status !== 'ok') {
    const waiting = [rent, sale].find(
      (cell) => cell.status === 'loading' || cell.status === 'error'
    )
    return waiting ?? noData('Needs both rent and sale price')
  }
  const cell = yieldCell(rentPrice, salePrice, settings.rentPeriod)
  const meta = rent.meta.fetchedAt < sale.meta.fetchedAt ? rent.meta : sale.meta
  return cell.status === 'ok' ? Object.assign(cell, { meta }) : cell
}

/**
 * One row per bed type: its cells (a price's amount in the display currency too), growth as a
 * fraction in the configured unit, and gross yield.
 */
export function buildBedRows(
  bedTypes: readonly BedType[],
  answers: readonly ComboAnswer[],
  settings: Pick<Settings, 'growthUnit' | 'rentPeriod' | 'growthMeaning'>,
  display: DisplayCurrencyPrefs = NO_DISPLAY_CURRENCY
): BedRow[] {
  return bedTypes.map(({ value: beds }) => {
    const answerOf = (type: TransactionType) =>
      answers.find((one) => one.beds === beds && one.type === type)
    const rent = answerOf('rent')
    const sale = answerOf('sale')
    const priceOfAnswer = (answer: ComboAnswer | undefined, about: string) =>
      cellOf(answer?.price, answer?.remembered ?? false, (data: ResidentialPricePayload) =>
        priceCell(data, about, display)
      )
    const growthOfAnswer = (answer: ComboAnswer | undefined) =>
      cellOf(answer?.growth, answer?.remembered ?? false, (data: GrowthPayload) =>
        growthCell(data, settings)
      )
    const price = {
      rent: priceOfAnswer(rent, `average rent per ${settings.rentPeriod}`),
      sale: priceOfAnswer(sale, 'average sale price')
    }
    const growth = { rent: growthOfAnswer(rent), sale: growthOfAnswer(sale) }
    const fractionOf = (answer: ComboAnswer | undefined, cell: FigureCellState) =>
      cell.status === 'ok' && answer?.growth?.data
        ? growthValue(answer.growth.data.data, settings)
        : undefined
    return {
      beds,
      label: bedLabel(beds, bedTypes),
      price,
      growth,
      growthFraction: { rent: fractionOf(rent, growth.rent), sale: fractionOf(sale, growth.sale) },
      yield: yieldOf(price.rent, price.sale, settings),
      noData: price.rent.status === 'no-data' && price.sale.status === 'no-data',
      remembered: Boolean(rent?.remembered || sale?.remembered)
    }
  })
}

/** The query failed; "no data" (NOT_FOUND) is an answer, not a failure. */
export function isFailure(query: QueryOutcome<unknown>): boolean {
  return query.error !== null && query.error !== undefined && query.error.code !== 'NOT_FOUND'
}
