import { useState } from 'react'
import type { TransactionType } from '@shared/spec'
import { SegmentedTabs } from '../../components/SegmentedTabs'
import { derivePricePath, parsePeriod } from '../../lib/growth'
import type { GrowthMeaning } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import { TRANSACTION_TYPE_OPTIONS } from '../../lib/sector-options'
import { bedsNotShown, locationExportInfo, metasOf } from './chart-context'
import { DerivedPathChart } from './DerivedPathChart'
import type { PricePathSeries } from './DerivedPathChart'
import type { BedRow } from './residential-matrix-model'

interface PricePathData {
  currency: string | undefined
  series: PricePathSeries[]
  points: Array<Record<string, number>>
  /** Bed types left out because their price is in another currency. */
  skippedCurrencies: string[]
}

const seriesKey = (beds: string) => `beds_${beds}`

/**
 * One derived path per bed type (for rent or sale), merged by year for a line chart. Each compounds
 * the per-year rate its growth figure implies (a total is spread over the period first).
 */
function buildPricePathData(rows: readonly BedRow[], type: TransactionType): PricePathData {
  const byYear = new Map<number, Record<string, number>>()
  const series: PricePathSeries[] = []
  const skipped = new Set<string>()
  let currency: string | undefined
  for (const row of rows) {
    const price = row.price[type]
    const growth = row.growthFraction[type]
    const period = growth ? parsePeriod(growth.period) : undefined
    if (price.status !== 'ok' || !growth || !period || growth.perYear === undefined) continue
    currency ??= price.value.data.currency
    if (price.value.data.currency !== currency) {
      skipped.add(price.value.data.currency)
      continue
    }
    const key = seriesKey(row.beds)
    series.push({ key, label: row.label })
    for (const point of derivePricePath(price.value.data.price, growth.perYear, period)) {
      const entry = byYear.get(point.year) ?? { year: point.year }
      entry[key] = point.value
      byYear.set(point.year, entry)
    }
  }
  const points = [...byYear.values()].sort((a, b) => (a['year'] ?? 0) - (b['year'] ?? 0))
  return { currency, series, points, skippedCurrencies: [...skipped] }
}

/** Residential: one derived path per bed type, for sale or rent (chosen, or fixed by `type`). */
export function PricePathChart(props: {
  rows: readonly BedRow[]
  location: LocationRef
  meaning: GrowthMeaning
  type?: TransactionType
}) {
  const [chosen, setType] = useState<TransactionType>('sale')
  const type = props.type ?? chosen
  const data = buildPricePathData(props.rows, type)
  const cellsOf = (row: BedRow) => [row.price[type], row.growth[type]]
  const drawn = new Set(data.series.map((series) => series.key))
  return (
    <DerivedPathChart
      title={`Implied ${type} price path`}
      meaning={props.meaning}
      series={data.series}
      points={data.points}
      currency={data.currency ?? ''}
      exportInfo={locationExportInfo(
        props.location,
        `${type === 'sale' ? 'Sale' : 'Rent'} prices by bed type`,
        metasOf(props.rows.flatMap(cellsOf)),
        'implied price path'
      )}
      notShown={bedsNotShown(props.rows, (row) => drawn.has(seriesKey(row.beds)), cellsOf)}
      emptyText={`A path needs both a ${type} price and its growth for a bed type.`}
      actions={
        props.type ? undefined : (
          <SegmentedTabs
            label="Price path transaction type"
            options={TRANSACTION_TYPE_OPTIONS}
            value={type}
            onChange={setType}
          />
        )
      }
      {...(data.skippedCurrencies.length > 0
        ? {
            extraNote: `Bed types priced in ${data.skippedCurrencies.join(', ')} are left out of this ${data.currency ?? ''} chart.`
          }
        : {})}
    />
  )
}
