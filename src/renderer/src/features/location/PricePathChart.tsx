import { useState } from 'react'
import type { TransactionType } from '@shared/spec'
import { SegmentedTabs } from '../../components/SegmentedTabs'
import type { GrowthMeaning } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import { TRANSACTION_TYPE_OPTIONS } from '../../lib/sector-options'
import { bedsNotShown, locationExportInfo, metasOf } from './chart-context'
import { DerivedPathChart, derivePaths } from './DerivedPathChart'
import { priceOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'

const seriesKey = (beds: string) => `beds_${beds}`

/** Residential: one derived path per bed type, for sale or rent (chosen, or fixed by `type`). */
export function PricePathChart(props: {
  rows: readonly BedRow[]
  location: LocationRef
  meaning: GrowthMeaning
  type?: TransactionType
}) {
  const [chosen, setType] = useState<TransactionType>('sale')
  const type = props.type ?? chosen
  const paths = derivePaths(
    props.rows.map((row) => ({
      key: seriesKey(row.beds),
      label: row.label,
      price: priceOf(row.price[type]),
      growth: row.growthFraction[type]
    }))
  )
  const cellsOf = (row: BedRow) => [row.price[type], row.growth[type]]
  const drawn = new Set(paths.series.map((series) => series.key))
  return (
    <DerivedPathChart
      title={`Implied ${type} price path`}
      meaning={props.meaning}
      paths={paths}
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
    />
  )
}
