import type { Settings } from '@shared/settings'
import type { TransactionType } from '@shared/spec'
import type { MarketQueryError, Provenance } from '../../data/market-result'
import { findBest, PRICE_RULES, ruleText } from '../../lib/best-value'
import { NO_DISPLAY_CURRENCY } from '../../lib/currency-conversion'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import type { BestRuleOf } from '../../lib/best-value'
import { growthCell, noData, priceCell, yieldCell } from '../../lib/figure-cells'
import type { FigureCell, NoDataCell } from '../../lib/figure-cells'
import { growthLabel, growthValue } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import type { GrowthFigure, PriceFigure } from '@shared/figures/figures'

/** A figure as the compare screen reads it from the cache. */
export type Fetched<T> =
  | { status: 'ok'; data: T; meta: Provenance }
  | { status: 'loading' }
  | { status: 'error'; error: MarketQueryError }

/** The raw figures of one location column. */
export interface CompareInput {
  ref: LocationRef
  /** Residential: price of the chosen type. Land: land price. */
  price: Fetched<PriceFigure>
  /** Residential only: rent and sale for the yield. */
  rent?: Fetched<PriceFigure>
  sale?: Fetched<PriceFigure>
  growth: Fetched<GrowthFigure>
}

/**
 * `price`: the chosen transaction type's price (or land price); `paired-price`: the other of sale
 * and rent, which gross yield is built from with it.
 */
export type MetricId = 'price' | 'paired-price' | 'yield' | 'growth'

/** A compare cell: an answered figure with where and when it comes from, or why there is none. */
export type CellValue =
  | (FigureCell & { meta: Provenance })
  | { status: 'loading' }
  | NoDataCell
  | { status: 'error'; error: MarketQueryError }

export interface MetricRow {
  id: MetricId
  label: string
  /** Which value is best, in words, with whose view it is when that is not obvious. */
  ruleText: string
  cells: CellValue[]
  /** Best among the loaded values (ties are all best). */
  best: Set<number>
  /** Columns still loading: while any are, the best is only the best so far. */
  pending: number[]
  /** The currencies (per unit) of the row's figures when there are several: no best is picked. */
  mixedUnits: string[] | undefined
}

export interface CompareOptions {
  type: TransactionType
  growthUnit: Settings['growthUnit']
  growthMeaning: Settings['growthMeaning']
  rentPeriod: Settings['rentPeriod']
  sector: 'residential' | 'land'
  /** Display currency and rates: prices are then compared on converted values. */
  display?: DisplayCurrencyPrefs
}

function notOk(figure: Fetched<unknown>): CellValue {
  if (figure.status === 'loading') return { status: 'loading' }
  if (figure.status === 'error') {
    return figure.error.code === 'NOT_FOUND'
      ? noData(figure.error.message)
      : { status: 'error', error: figure.error }
  }
  return noData('No data')
}

const withMeta = (cell: FigureCell | NoDataCell, meta: Provenance): CellValue =>
  cell.status === 'ok' ? Object.assign(cell, { meta }) : cell

function comparePriceCell(figure: Fetched<PriceFigure>, display?: DisplayCurrencyPrefs) {
  if (figure.status !== 'ok') return notOk(figure)
  const about = `average price in ${figure.data.currency}`
  return withMeta(priceCell(figure.data, about, display ?? NO_DISPLAY_CURRENCY), figure.meta)
}

function compareYieldCell(input: CompareInput, options: CompareOptions): CellValue {
  const { rent, sale } = input
  if (!rent || !sale) return noData('Not applicable')
  if (rent.status !== 'ok') return notOk(rent)
  if (sale.status !== 'ok') return notOk(sale)
  const older = new Date(rent.meta.fetchedAt) < new Date(sale.meta.fetchedAt) ? rent : sale
  return withMeta(yieldCell(rent.data, sale.data, options.rentPeriod), older.meta)
}

function compareGrowthCell(figure: Fetched<GrowthFigure>, options: CompareOptions): CellValue {
  if (figure.status !== 'ok') return notOk(figure)
  return withMeta(growthCell(figure.data, options), figure.meta)
}

function metricRow(id: MetricId, label: string, judged: BestRuleOf, cells: CellValue[]): MetricRow {
  const { best, mixedUnits } = findBest(
    cells.map((cell) =>
      cell.status === 'ok'
        ? { value: cell.rankValue ?? cell.value, unit: cell.group }
        : { value: undefined }
    ),
    judged.rule
  )
  const pending = cells.flatMap((cell, index) => (cell.status === 'loading' ? [index] : []))
  const units = cells.flatMap((cell) => (cell.status === 'ok' && cell.group ? [cell.group] : []))
  return {
    ...{ id, label, ruleText: ruleText(judged), cells, best, pending },
    mixedUnits: mixedUnits ? [...new Set(units)].sort() : undefined
  }
}

/** The period every answered growth figure shares, if they share one (for the row label). */
export function commonGrowthPeriod(inputs: readonly CompareInput[]): string | undefined {
  const periods = new Set(
    inputs.flatMap((input) => (input.growth.status === 'ok' ? [input.growth.data.period] : []))
  )
  return periods.size === 1 ? [...periods][0] : undefined
}

/** "Growth (sale), avg per year, 2020–2025" / "Land growth, total, 2020–2025". */
function growthRowLabel(inputs: readonly CompareInput[], options: CompareOptions): string {
  const what = options.sector === 'land' ? 'Land growth' : `Growth (${options.type})`
  return `${what}, ${growthLabel(options.growthMeaning, commonGrowthPeriod(inputs))}`
}

/** Rows of the compare table with the best value per row (never across currencies). */
export function buildMetricRows(inputs: readonly CompareInput[], options: CompareOptions) {
  const paired = options.type === 'sale' ? 'rent' : 'sale'
  const priceLabel = (type: TransactionType | 'land') =>
    type === 'land'
      ? 'Land price'
      : type === 'rent'
        ? `Rent (per ${options.rentPeriod})`
        : 'Sale price'
  const shownType = options.sector === 'land' ? 'land' : options.type
  return [
    metricRow(
      'price',
      priceLabel(shownType),
      PRICE_RULES[shownType],
      inputs.map((input) => comparePriceCell(input.price, options.display))
    ),
    ...(options.sector === 'residential'
      ? [
          metricRow(
            'paired-price',
            priceLabel(paired),
            PRICE_RULES[paired],
            inputs.map((input) =>
              comparePriceCell(input[paired] ?? { status: 'loading' }, options.display)
            )
          ),
          metricRow(
            'yield',
            'Gross yield',
            { rule: 'highest' },
            inputs.map((input) => compareYieldCell(input, options))
          )
        ]
      : []),
    metricRow(
      'growth',
      growthRowLabel(inputs, options),
      { rule: 'highest' },
      inputs.map((input) => compareGrowthCell(input.growth, options))
    )
  ]
}

/** The cell of metric `id` in column `index`. */
export function cellAt(rows: readonly MetricRow[], id: MetricId, index: number) {
  return rows.find((row) => row.id === id)?.cells[index]
}

export function currenciesOf(inputs: readonly CompareInput[]): string[] {
  const currencies = inputs.flatMap(({ price }) =>
    price.status === 'ok' ? [price.data.currency] : []
  )
  return [...new Set(currencies)].sort()
}

/** The per-year rates the answered growth figures imply (a total spread over its period). */
export function perYearGrowths(
  inputs: readonly CompareInput[],
  options: Pick<CompareOptions, 'growthUnit' | 'growthMeaning'>
): number[] {
  return inputs.flatMap(({ growth }) =>
    growth.status === 'ok' ? (growthValue(growth.data, options).perYear ?? []) : []
  )
}
