import { useState } from 'react'
import type { TransactionType } from '../../../../shared/spec'
import { SegmentedTabs } from '../../components/SegmentedTabs'
import { DerivedPathChart } from './DerivedPathChart'
import { buildPricePathData } from './price-path-data'
import type { BedRow } from './use-residential-matrix'

const TYPE_OPTIONS = [
  { value: 'sale', label: 'Sale' },
  { value: 'rent', label: 'Rent' }
] as const

/** Residential: one derived path per bed type, for sale or rent. */
export function PricePathChart(props: { rows: readonly BedRow[]; exportName: string }) {
  const [type, setType] = useState<TransactionType>('sale')
  const data = buildPricePathData(props.rows, type)
  return (
    <DerivedPathChart
      title={`Implied ${type} price path`}
      series={data.series}
      points={data.points}
      currency={data.currency ?? ''}
      exportName={`${props.exportName}-${type}`}
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
