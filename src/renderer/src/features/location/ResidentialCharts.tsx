import { memo, useId, useState } from 'react'
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
import type { TransactionType } from '@shared/spec'
import { axisProps, CHART_MARGIN, roundTicks, tooltipProps } from '../../components/chart-axes'
import { useChartColors } from '../../components/chart-colors'
import { ChartFrame } from '../../components/ChartFrame'
import { usePrefersReducedMotion } from '../../components/media-query'
import { useReportMode } from '../../components/report-mode'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { StripePattern } from '../../components/series-marks'
import type { FigureCellState } from '../../data/location-figures'
import { whyNotShown } from '../../lib/figure-cells'
import { growthLabel } from '../../lib/growth'
import type { GrowthMeaning } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import { TRANSACTION_TYPE_OPTIONS } from '../../lib/sector-options'
import { DerivedPathChart, derivePaths, locationExportInfo } from './DerivedPathChart'
import { growthPeriodOf, priceOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'

type ChartProps = { rows: readonly BedRow[]; location: LocationRef; meaning: GrowthMeaning }

/**
 * A chart's export details (`view`, `chartName`; the provenance of the cells `cellsOf` picks) and
 * the bed types it leaves out, with the reason: `5 bed (no data)`.
 */
function bedChart(
  props: ChartProps,
  cellsOf: (row: BedRow) => readonly FigureCellState[],
  shown: (row: BedRow) => boolean,
  view: string,
  chartName: string
) {
  const cells = props.rows.flatMap(cellsOf)
  const metas = cells.flatMap((cell) => (cell.status === 'ok' ? [cell.meta] : []))
  return {
    exportInfo: locationExportInfo(props.location, view, metas, chartName),
    notShown: props.rows
      .filter((row) => !shown(row))
      .map((row) => `${row.label} (${whyNotShown(cellsOf(row).map((cell) => cell.status))})`)
  }
}

function GrowthByBedChart(props: ChartProps) {
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
  const chart = bedChart(props, growthCells, hasGrowth, 'rent vs sale', 'growth by bed type')
  return (
    <ChartFrame
      empty={data.length === 0 ? { title: 'No growth figures yet' } : undefined}
      title="Growth by bed type"
      subtitle={`Growth (${growthLabel(props.meaning, growthPeriodOf(props.rows))}), rent vs sale`}
      height={260}
      {...chart}
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

const seriesKey = (beds: string) => `beds_${beds}`

/** Residential: one derived path per bed type, for sale or rent (chosen, or fixed by `type`). */
function PricePathChart(props: ChartProps & { type?: TransactionType }) {
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
  const drawn = new Set(paths.series.map((series) => series.key))
  const chart = bedChart(
    props,
    (row) => [row.price[type], row.growth[type]],
    (row) => drawn.has(seriesKey(row.beds)),
    `${type === 'sale' ? 'Sale' : 'Rent'} prices by bed type`,
    'implied price path'
  )
  return (
    <DerivedPathChart
      title={`Implied ${type} price path`}
      meaning={props.meaning}
      paths={paths}
      {...chart}
      emptyText={`A path needs both a ${type} price and its growth for a bed type.`}
      actions={
        props.type ? undefined : (
          <ChoiceGroup
            hideLegend
            legend="Price path transaction type"
            choices={TRANSACTION_TYPE_OPTIONS}
            value={type}
            onChange={setType}
          />
        )
      }
    />
  )
}

/**
 * The residential charts: growth by bed type, and the price path. A report prints both price
 * paths, whichever one is chosen on screen; the screen's chart stays mounted as the report's sale
 * path (same key), so the user's choice outlives the print. Memoised: the charts redraw only when
 * their props change.
 */
export const ResidentialCharts = memo(function ResidentialCharts(props: ChartProps) {
  const reporting = useReportMode() !== undefined
  return (
    <div className="chart-grid">
      <div className="report-part report-growth">
        <GrowthByBedChart {...props} />
      </div>
      <div className="report-part report-prices">
        {(reporting ? (['sale', 'rent'] as const) : [undefined]).map((type) => (
          <PricePathChart key={type ?? 'sale'} {...props} {...(type ? { type } : {})} />
        ))}
      </div>
    </div>
  )
})
