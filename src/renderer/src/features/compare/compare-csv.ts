import type { FigureCellState } from '../../data/location-figures'
import { csvPercent, toCsv } from '../../lib/csv'
import type { CsvCell } from '../../lib/csv'
import { growthLabel } from '../../lib/growth'
import { oldestTime } from '../../lib/staleness'
import { cellAt } from './compare-model'
import type { CompareColumn, CompareOptions, MetricRow } from './compare-model'

const percent = (cell: FigureCellState | undefined): CsvCell =>
  cell?.status === 'ok' ? csvPercent(cell.value) : ''

const amount = (cell: FigureCellState | undefined): CsvCell =>
  cell?.status === 'ok' ? cell.value : ''

/**
 * One CSV row per location with every figure the compare list holds, whatever view is on
 * screen: sale and rent (residential) or land price, gross yield, growth with its basis and
 * period, and where and when the figures come from.
 */
export function buildCompareCsv(
  columns: readonly CompareColumn[],
  rows: readonly MetricRow[],
  options: CompareOptions & { bedsLabel: string }
): string {
  const residential = options.sector === 'residential'
  const growthOf = residential ? `Growth (${options.type})` : 'Land growth'
  const header: CsvCell[] = [
    'Location',
    'City',
    'Country',
    'Country code',
    'Sector',
    'Bed type',
    'Currency',
    'Sale price',
    `Rent (per ${options.rentPeriod})`,
    'Land price',
    'Gross yield (%)',
    `${growthOf}, ${growthLabel(options.growthMeaning)} (%)`,
    'Growth period',
    'Source',
    'As of'
  ]
  const lines = columns.map(({ ref, cells, metas, growth }, index): CsvCell[] => {
    const price = cellAt(rows, 'price', index)
    return [
      ref.name,
      ref.city,
      ref.country,
      ref.countryCode,
      ref.sector,
      residential ? options.bedsLabel : '',
      price?.status === 'ok' ? `${price.currency}${price.unit ? ` per ${price.unit}` : ''}` : '',
      amount(cells.sale),
      amount(cells.rent),
      amount(cells.land),
      residential ? percent(cellAt(rows, 'yield', index)) : '',
      percent(cellAt(rows, 'growth', index)),
      growth?.period ?? '',
      [...new Set(metas.map((meta) => meta.source))].join(' + '),
      oldestTime(metas.map((meta) => meta.fetchedAt)) ?? ''
    ]
  })
  return toCsv([header, ...lines])
}
