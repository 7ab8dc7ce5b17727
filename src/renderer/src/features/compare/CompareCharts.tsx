import { memo } from 'react'
import { usePrefersReducedMotion } from '../../components/media-query'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis
} from 'recharts'
import type { Provenance } from '../../data/market-result'
import { axisProps, CHART_MARGIN, roundTicks, tooltipProps } from '../../components/chart-axes'
import { useChartColors } from '../../components/chart-colors'
import { ChartFrame } from '../../components/ChartFrame'
import type { LocationRef } from '../../lib/location-ref'
import type { ChartExportInfo } from '../../components/ChartFrame'
import { whyNotShown } from '../../lib/figure-cells'
import { locationKey } from '../../lib/location-ref'
import { cellAt } from './compare-model'
import type { MetricId, MetricRow } from './compare-model'
import { ScatterLabels, ScatterPoint, ScatterTooltip } from './scatter-marks'
import type { ComparePoint } from './scatter-marks'

/** One point per location, coloured as in the table. */
function comparePoints(
  refs: readonly LocationRef[],
  rows: readonly MetricRow[],
  colors: ReadonlyMap<string, string>,
  fallbackColor: string
): ComparePoint[] {
  return refs.map((ref, index) => {
    const growth = cellAt(rows, 'growth', index)
    const yieldCell = cellAt(rows, 'yield', index)
    return {
      key: locationKey(ref),
      name: ref.name,
      color: colors.get(locationKey(ref)) ?? fallbackColor,
      growth: growth?.status === 'ok' ? growth.value * 100 : null,
      yield: yieldCell?.status === 'ok' ? yieldCell.value * 100 : null,
      growthText: growth?.status === 'ok' ? (growth.readings?.text ?? growth.text) : null,
      yieldText: yieldCell?.status === 'ok' ? yieldCell.text : null
    }
  })
}

/** Locations a chart of `metrics` leaves out, with the reason: `Maitama (no data)`. */
function locationsNotShown(
  refs: readonly LocationRef[],
  rows: readonly MetricRow[],
  metrics: readonly MetricId[]
): string[] {
  return refs.flatMap((ref, index) => {
    const cells = metrics.map((id) => cellAt(rows, id, index))
    return cells.every((cell) => cell?.status === 'ok')
      ? []
      : [`${ref.name} (${whyNotShown(cells.map((cell) => cell?.status))})`]
  })
}

interface CompareChartView {
  sector: 'residential' | 'land'
  type: 'rent' | 'sale'
  /** The bed type's words: the user's label, else "3 bed". */
  bedsLabel: string
}

/** Export details of a compare chart: the view, the locations and their provenance. */
function compareExportInfo(
  refs: readonly LocationRef[],
  view: CompareChartView,
  metas: readonly Provenance[],
  chartName: string
): ChartExportInfo {
  const viewParts =
    view.sector === 'land'
      ? ['Land']
      : ['Residential', view.bedsLabel, view.type === 'rent' ? 'Rent' : 'Sale']
  return {
    context: [...viewParts, refs.map((ref) => ref.name).join(', ')].join(' · '),
    metas,
    fileParts: ['compare', chartName, ...viewParts]
  }
}

const percentTick = (value: number) => `${value}%`

export const CompareCharts = memo(function CompareCharts(props: {
  refs: readonly LocationRef[]
  rows: readonly MetricRow[]
  colors: ReadonlyMap<string, string>
  metas: readonly Provenance[]
  view: CompareChartView
  /** What the growth figures are: "Growth, avg per year, 2020–2025". */
  growthSubtitle: string
}) {
  const colors = useChartColors()
  const reducedMotion = usePrefersReducedMotion()
  const data = comparePoints(props.refs, props.rows, props.colors, colors.rent)
  const growthData = data.filter((point) => point.growth !== null)
  const scatterData = data.filter((point) => point.growth !== null && point.yield !== null)
  const axisLabel = { fill: colors.axis, fontSize: 11 }
  const exportInfo = (chartName: string) =>
    compareExportInfo(props.refs, props.view, props.metas, chartName)
  return (
    <div className="chart-grid">
      {/* The chart titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="visually-hidden">Charts</h2>
      <ChartFrame
        empty={growthData.length === 0 ? { title: 'No growth figures yet' } : undefined}
        title={props.view.sector === 'land' ? 'Land growth' : `Growth (${props.view.type})`}
        subtitle={props.growthSubtitle}
        height={280}
        exportInfo={exportInfo('growth')}
        notShown={locationsNotShown(props.refs, props.rows, ['growth'])}
        table={{
          columns: ['Location', 'Growth'],
          rows: growthData.map((point) => [point.name, point.growthText ?? ''])
        }}
        testId="compare-growth-chart"
      >
        <BarChart data={growthData} margin={CHART_MARGIN}>
          <CartesianGrid vertical={false} stroke={colors.grid} />
          <XAxis
            dataKey="name"
            {...axisProps(colors)}
            interval={0}
            // More than four names side by side collide: slant them.
            {...(growthData.length > 4
              ? { angle: -25, textAnchor: 'end', height: 56 }
              : { height: 30 })}
            tick={{ fill: colors.axis, fontSize: 10 }}
          />
          <YAxis {...axisProps(colors)} {...roundTicks()} width={48} tickFormatter={percentTick} />
          <ReferenceLine y={0} stroke={colors.axis} />
          <Tooltip
            {...tooltipProps(colors)}
            formatter={(_value, _name, item) =>
              growthData.find((point) => point === item.payload)?.growthText ?? '—'
            }
            cursor={{ fill: colors.grid, opacity: 0.5 }}
          />
          <Bar
            isAnimationActive={!reducedMotion}
            dataKey="growth"
            name="Growth"
            radius={[3, 3, 0, 0]}
            maxBarSize={36}
          >
            {growthData.map((point) => (
              <Cell key={point.key} fill={point.color} />
            ))}
          </Bar>
        </BarChart>
      </ChartFrame>
      {props.view.sector === 'residential' ? (
        <ChartFrame
          empty={scatterData.length === 0 ? { title: 'Needs rent, sale and growth' } : undefined}
          title="Yield vs growth"
          subtitle="Top right: higher gross yield and higher growth"
          height={280}
          exportInfo={exportInfo('yield vs growth')}
          legend={scatterData.map((point) => ({ label: point.name, color: point.color }))}
          showLegend
          notShown={locationsNotShown(props.refs, props.rows, ['yield', 'growth'])}
          table={{
            columns: ['Location', 'Gross yield', 'Growth'],
            rows: scatterData.map((point) => [
              point.name,
              point.yieldText ?? '',
              point.growthText ?? ''
            ])
          }}
          testId="compare-scatter-chart"
        >
          <ScatterChart margin={{ ...CHART_MARGIN, top: 16, right: 24, bottom: 16 }}>
            <CartesianGrid stroke={colors.grid} />
            <XAxis
              {...roundTicks({ fromZero: false })}
              dataKey="yield"
              name="Gross yield"
              tickFormatter={percentTick}
              label={{ ...axisLabel, value: 'Gross yield', position: 'insideBottom', offset: -12 }}
              {...axisProps(colors)}
            />
            <YAxis
              {...roundTicks()}
              dataKey="growth"
              name="Growth"
              tickFormatter={percentTick}
              label={{ ...axisLabel, value: 'Growth', angle: -90, position: 'insideLeft' }}
              {...axisProps(colors)}
              width={52}
            />
            <Tooltip content={ScatterTooltip} cursor={{ stroke: colors.grid }} />
            <Scatter data={scatterData} isAnimationActive={false} shape={ScatterPoint} />
            <ScatterLabels points={scatterData} color={colors.axis} />
          </ScatterChart>
        </ChartFrame>
      ) : null}
    </div>
  )
})
