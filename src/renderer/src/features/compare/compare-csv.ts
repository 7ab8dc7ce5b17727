import type { PriceFigure } from '@shared/figures/figures'
import { csvPercent, toCsv } from '../../lib/csv'
import type { CsvCell } from '../../lib/csv'
import { growthLabel } from '../../lib/growth'
import { oldestTime } from '../../lib/staleness'
import { cellAt } from './compare-model'
import type { CellValue, CompareInput, CompareOptions, Fetched, MetricRow } from './compare-model'

function percent(cell: CellValue | undefined): CsvCell {
  return cell?.status === 'ok' ? csvPercent(cell.value) : ''
}

const amount = (fetched: Fetched<PriceFigure> | undefined): CsvCell =>
  fetched?.status === 'ok' ? fetched.data.price : ''

/**
 * One CSV row per location with every figure the compare list holds, whatever view is on
 * screen: sale and rent (residential) or land price, gross yield, growth with its basis and
 * period, and where and when the figures come from.
 */
export function buildCompareCsv(
  inputs: readonly CompareInput[],
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
  const lines = inputs.map((input, index): CsvCell[] => {
    const fetched = [input.price, input.sale, input.rent, input.growth].flatMap((figure) =>
      figure?.status === 'ok' ? [figure.meta] : []
    )
    const price = input.price.status === 'ok' ? input.price.data : undefined
    return [
      input.ref.name,
      input.ref.city,
      input.ref.country,
      input.ref.countryCode,
      input.ref.sector,
      residential ? options.bedsLabel : '',
      price ? `${price.currency}${price.unit ? ` per ${price.unit}` : ''}` : '',
      residential ? amount(input.sale) : '',
      residential ? amount(input.rent) : '',
      residential ? '' : amount(input.price),
      residential ? percent(cellAt(rows, 'yield', index)) : '',
      percent(cellAt(rows, 'growth', index)),
      input.growth.status === 'ok' ? input.growth.data.period : '',
      [...new Set(fetched.map((meta) => meta.source))].join(' + '),
      oldestTime(fetched.map((meta) => meta.fetchedAt)) ?? ''
    ]
  })
  return toCsv([header, ...lines])
}
