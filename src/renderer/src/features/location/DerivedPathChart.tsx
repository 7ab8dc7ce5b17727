import type { ReactNode } from 'react'
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis
} from 'recharts'
import { axisProps, CHART_MARGIN, roundTicks, tooltipProps } from '../../components/chart-axes'
import { useChartColors } from '../../components/chart-colors'
import { ChartFrame } from '../../components/ChartFrame'
import type { ChartExportInfo } from '../../components/ChartFrame'
import { markerDot, seriesMarker } from '../../components/series-marks'
import { impliedPathExplanation } from '@shared/growth'
import { formatMoney } from '../../lib/format'
import type { GrowthMeaning } from '../../lib/growth'

const DERIVED_LABEL: Readonly<Record<GrowthMeaning, string>> = {
  'per-year': 'Derived from average growth — not observed prices',
  total: 'Derived from total growth — not observed prices'
}

export interface PricePathSeries {
  key: string
  label: string
}

/** Dashed lines of yearly values implied by a growth figure, always labelled as derived. */
export function DerivedPathChart(props: {
  title: string
  meaning: GrowthMeaning
  series: readonly PricePathSeries[]
  points: ReadonlyArray<Record<string, number>>
  currency: string
  exportInfo: ChartExportInfo
  notShown?: readonly string[]
  emptyText: string
  actions?: ReactNode
  extraNote?: string
}) {
  const colors = useChartColors()
  const money = (value: number) => formatMoney(value, props.currency, { compact: true })
  // The points run by year to the growth period's end, where each path takes the current price.
  const endYear = props.points.at(-1)?.['year']
  const yearText = (year: number | undefined) =>
    year === endYear ? `${year} (current average)` : String(year ?? '')
  const legend = props.series.map((series, index) => ({
    label: series.label,
    color: colors.palette[index % colors.palette.length] ?? colors.rent
  }))
  return (
    <ChartFrame
      empty={
        props.series.length === 0
          ? { title: 'Nothing to derive yet', text: props.emptyText }
          : undefined
      }
      title={props.title}
      subtitle={DERIVED_LABEL[props.meaning]}
      height={260}
      exportInfo={props.exportInfo}
      {...(props.notShown ? { notShown: props.notShown } : {})}
      legend={legend}
      testId="price-path-chart"
      actions={props.actions}
      table={{
        columns: ['Year', ...props.series.map((series) => `${series.label} (derived)`)],
        rows: props.points.map((point) => [
          yearText(point['year']),
          ...props.series.map((series) => {
            const value = point[series.key]
            return value === undefined ? '—' : money(value)
          })
        ])
      }}
      note={
        <>
          <strong>{DERIVED_LABEL[props.meaning]}.</strong>{' '}
          {impliedPathExplanation(props.meaning, endYear)}
          {props.extraNote ? ` ${props.extraNote}` : ''}
        </>
      }
    >
      <LineChart data={[...props.points]} margin={CHART_MARGIN}>
        <CartesianGrid vertical={false} stroke={colors.grid} />
        <XAxis dataKey="year" {...axisProps(colors)} />
        <YAxis {...axisProps(colors)} {...roundTicks()} width={80} tickFormatter={money} />
        {endYear === undefined ? null : (
          <ReferenceLine
            x={endYear}
            stroke={colors.axis}
            strokeDasharray="2 2"
            label={{
              value: `${endYear}: current average price`,
              position: 'insideTopRight',
              fill: colors.axis,
              fontSize: 11
            }}
          />
        )}
        <Tooltip
          {...tooltipProps(colors)}
          labelFormatter={(year) => yearText(Number(year))}
          // Derived from a rounded average: three significant digits, not false precision.
          formatter={(value) => (typeof value === 'number' ? money(value) : '—')}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: colors.axis }} />
        {props.series.map((series, index) => (
          <Line
            key={series.key}
            dataKey={series.key}
            name={series.label}
            type="monotone"
            stroke={legend[index]?.color}
            strokeWidth={2}
            strokeDasharray="5 3"
            legendType={seriesMarker(index)}
            dot={markerDot(seriesMarker(index), legend[index]?.color)}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  )
}
