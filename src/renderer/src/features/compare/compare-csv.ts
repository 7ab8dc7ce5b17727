import { csvPercent, toCsv } from '../../lib/csv'
import type { CsvCell } from '../../lib/csv'
import { growthLabel } from '../../lib/growth'
import { cellAt } from './compare-model'
import type { CellValue, CompareInput, CompareOptions, MetricRow } from './compare-model'

function percent(cell: CellValue | undefined): CsvCell {
  return cell?.status === 'ok' ? csvPercent(cell.value) : ''
}

/** One CSV row per location with the figures shown in the compare table. */
export function buildCompareCsv(
  inputs: readonly CompareInput[],
  rows: readonly MetricRow[],
  options: CompareOptions & { bedsLabel: string }
): string {
  const priceLabel = rows.find((row) => row.id === 'price')?.label ?? 'Price'
  const header: CsvCell[] = [
    'Location',
    'City',
    'Country',
    'Country code',
    'Sector',
    'Transaction type',
    'Bed type',
    'Currency',
    priceLabel,
    'Gross yield (%)',
    `Growth, ${growthLabel(options.growthMeaning)} (%)`,
    'Growth period',
    'Source',
    'Fetched at'
  ]
  const lines = inputs.map((input, index): CsvCell[] => {
    const price = cellAt(rows, 'price', index)
    const residential = options.sector === 'residential'
    return [
      input.ref.name,
      input.ref.city,
      input.ref.country,
      input.ref.countryCode,
      input.ref.sector,
      residential ? options.type : '',
      residential ? options.bedsLabel : '',
      input.price.status === 'ok' ? input.price.data.currency : '',
      price?.status === 'ok' ? price.value : '',
      residential ? percent(cellAt(rows, 'yield', index)) : '',
      percent(cellAt(rows, 'growth', index)),
      input.growth.status === 'ok' ? input.growth.data.period : '',
      price?.status === 'ok' ? price.meta.source : '',
      price?.status === 'ok' ? price.meta.fetchedAt : ''
    ]
  })
  return toCsv([header, ...lines])
}
