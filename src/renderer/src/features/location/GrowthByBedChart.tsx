import { useId } from 'react'
import { usePrefersReducedMotion } from '../../components/media-query'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis
} from 'recharts'
import { axisProps, CHART_MARGIN, roundTicks, tooltipProps } from '../../components/chart-axes'
import { useChartColors } from '../../components/chart-colors'
import { ChartFrame } from '../../components/ChartFrame'
import { StripePattern } from '../../components/series-marks'
import type { FigureCellState } from '../../data/location-figures'
import { growthLabel } from '../../lib/growth'
import type { GrowthMeaning } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import { bedsNotShown, locationExportInfo, metasOf } from './chart-context'
import { growthPeriodOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'

export function GrowthByBedChart(props: {
  rows: readonly BedRow[]
  location: LocationRef
  meaning: GrowthMeaning
}) {
  const colors = useChartColors()
  const reducedMotion = usePrefersReducedMotion()
  // Sale bars are striped: rent and sale differ by pattern, not only by colour.
  const saleFill = `sale-stripes-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  const percent = (growth: { fraction: number } | undefined) =>
    growth ? growth.fraction * 100 : null
  const text = (cell: FigureCellState) => (cell.status === 'ok' && cell.readings?.text) || '—'
  const hasGrowth = (row: BedRow) => Boolean(row.growthFraction.rent || row.growthFraction.sale)
  const data = props.rows.filter(hasGrowth).map((row) => ({
    bed: row.label,
    rent: percent(row.growthFraction.rent),
    sale: percent(row.growthFraction.sale),
    rentText: text(row.growth.rent),
    saleText: text(row.growth.sale)
  }))
  const bars = [
    { key: 'rent', label: 'Rent', color: colors.rent, fill: colors.rent },
    { key: 'sale', label: 'Sale', color: colors.sale, fill: `url(#${saleFill})` }
  ]
  const growthCells = (row: BedRow) => [row.growth.rent, row.growth.sale]
  return (
    <ChartFrame
      empty={data.length === 0 ? { title: 'No growth figures yet' } : undefined}
      title="Growth by bed type"
      subtitle={`Growth (${growthLabel(props.meaning, growthPeriodOf(props.rows))}), rent vs sale`}
      height={260}
      exportInfo={locationExportInfo(
        props.location,
        'rent vs sale',
        metasOf(props.rows.flatMap(growthCells)),
        'growth by bed type'
      )}
      notShown={bedsNotShown(props.rows, hasGrowth, growthCells)}
      legend={bars}
      table={{
        columns: ['Bed type', 'Rent growth', 'Sale growth'],
        rows: data.map((row) => [row.bed, row.rentText, row.saleText])
      }}
      testId="growth-chart"
    >
      <BarChart data={data} margin={CHART_MARGIN} barGap={2}>
        <StripePattern id={saleFill} color={colors.sale} stripe={colors.surface} />
        <CartesianGrid vertical={false} stroke={colors.grid} />
        <XAxis dataKey="bed" {...axisProps(colors)} />
        <YAxis
          {...axisProps(colors)}
          {...roundTicks()}
          width={48}
          tickFormatter={(value: number) => `${value}%`}
        />
        <ReferenceLine y={0} stroke={colors.axis} />
        <Tooltip
          {...tooltipProps(colors)}
          cursor={{ fill: colors.grid, opacity: 0.5 }}
          formatter={(_value, _name, item) => {
            const row = data.find((one) => one === item.payload)
            return item.dataKey === 'sale' ? row?.saleText : row?.rentText
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />
        {bars.map((bar) => (
          <Bar
            key={bar.key}
            isAnimationActive={!reducedMotion}
            dataKey={bar.key}
            name={bar.label}
            fill={bar.fill}
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
          />
        ))}
      </BarChart>
    </ChartFrame>
  )
}
