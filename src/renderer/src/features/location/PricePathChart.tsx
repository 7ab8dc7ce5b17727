import { useState } from 'react'
import type { TransactionType } from '@shared/spec'
import { SegmentedTabs } from '../../components/SegmentedTabs'
import type { GrowthMeaning } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import { bedsNotShown, locationExportInfo, metasOf } from './chart-context'
import { DerivedPathChart } from './DerivedPathChart'
import { buildPricePathData, seriesKey } from './price-path-data'
import type { BedRow } from './residential-matrix-model'

const TYPE_OPTIONS = [
  { value: 'sale', label: 'Sale' },
  { value: 'rent', label: 'Rent' }
] as const

/** Residential: one derived path per bed type, for sale or rent. */
export function PricePathChart(props: {
  rows: readonly BedRow[]
  location: LocationRef
  meaning: GrowthMeaning
}) {
  const [type, setType] = useState<TransactionType>('sale')
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
        <SegmentedTabs
          label="Price path transaction type"
          options={TYPE_OPTIONS}
          value={type}
          onChange={setType}
        />
      }
      {...(data.skippedCurrencies.length > 0
        ? {
            extraNote: `Bed types priced in ${data.skippedCurrencies.join(', ')} are left out of this ${data.currency ?? ''} chart.`
          }
        : {})}
    />
  )
}
