import type { Settings } from '@shared/settings'
import type { TransactionType } from '@shared/spec'
import type { FigureCellState, FigureId, LocationFigures } from '../../data/location-figures'
import { findBest, PRICE_RULES, ruleText } from '../../lib/best-value'
import type { BestRuleOf } from '../../lib/best-value'
import { noData } from '../../lib/figure-cells'
import { growthLabel, growthValue } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'

/** One location column: its place and its figures. */
export type CompareColumn = LocationFigures & { ref: LocationRef }

/**
 * `price`: the chosen transaction type's price (or land price); `paired-price`: the other of sale
 * and rent, which gross yield is built from with it.
 */
export type MetricId = 'price' | 'paired-price' | 'yield' | 'growth'

export interface MetricRow {
  id: MetricId
  label: string
  /** Which value is best, in words, with whose view it is when that is not obvious. */
  ruleText: string
  cells: FigureCellState[]
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
}

function metricRow(
  id: MetricId,
  label: string,
  judged: BestRuleOf,
  cells: FigureCellState[]
): MetricRow {
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
export function commonGrowthPeriod(columns: readonly CompareColumn[]): string | undefined {
  const periods = new Set(columns.flatMap((column) => column.growth?.period ?? []))
  return periods.size === 1 ? [...periods][0] : undefined
}

/** "Growth (sale), avg per year, 2020–2025" / "Land growth, total, 2020–2025". */
function growthRowLabel(columns: readonly CompareColumn[], options: CompareOptions): string {
  const what = options.sector === 'land' ? 'Land growth' : `Growth (${options.type})`
  return `${what}, ${growthLabel(options.growthMeaning, commonGrowthPeriod(columns))}`
}

/** Rows of the compare table with the best value per row (never across currencies). */
export function buildMetricRows(columns: readonly CompareColumn[], options: CompareOptions) {
  const paired = options.type === 'sale' ? 'rent' : 'sale'
  const priceLabel = (type: TransactionType | 'land') =>
    type === 'land'
      ? 'Land price'
      : type === 'rent'
        ? `Rent (per ${options.rentPeriod})`
        : 'Sale price'
  const shownType = options.sector === 'land' ? 'land' : options.type
  const cellsOf = (id: FigureId): FigureCellState[] =>
    columns.map((column) => column.cells[id] ?? noData('Not applicable'))
  return [
    metricRow('price', priceLabel(shownType), PRICE_RULES[shownType], cellsOf(shownType)),
    ...(options.sector === 'residential'
      ? [
          metricRow('paired-price', priceLabel(paired), PRICE_RULES[paired], cellsOf(paired)),
          metricRow('yield', 'Gross yield', { rule: 'highest' }, cellsOf('yield'))
        ]
      : []),
    metricRow('growth', growthRowLabel(columns, options), { rule: 'highest' }, cellsOf('growth'))
  ]
}

/** The cell of metric `id` in column `index`. */
export function cellAt(rows: readonly MetricRow[], id: MetricId, index: number) {
  return rows.find((row) => row.id === id)?.cells[index]
}

/** The currencies of the chosen prices (the table's first row). */
export function currenciesOf(rows: readonly MetricRow[]): string[] {
  const currencies = rows[0]?.cells.flatMap((cell) =>
    cell.status === 'ok' && cell.currency ? [cell.currency] : []
  )
  return [...new Set(currencies)].sort()
}

/** The per-year rates the answered growth figures imply (a total spread over its period). */
export function perYearGrowths(
  columns: readonly CompareColumn[],
  options: Pick<CompareOptions, 'growthUnit' | 'growthMeaning'>
): number[] {
  return columns.flatMap(({ growth }) =>
    growth ? (growthValue(growth, options).perYear ?? []) : []
  )
}
