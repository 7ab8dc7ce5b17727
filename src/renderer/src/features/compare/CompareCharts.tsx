import { usePrefersReducedMotion } from '../../app/motion'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis
} from 'recharts'
import {
  axisProps,
  CHART_INITIAL_SIZE,
  CHART_MARGIN,
  tooltipProps
} from '../../components/chart-axes'
import { useChartColors } from '../../components/chart-colors'
import { ChartFrame } from '../../components/ChartFrame'
import { EmptyState } from '../../components/EmptyState'
import { formatPercent } from '../../lib/format'
import type { LocationRef } from '../../lib/location-ref'
import type { MetricRow } from './compare-model'

interface Point {
  name: string
  growth: number | null
  yield: number | null
}

function points(refs: readonly LocationRef[], rows: readonly MetricRow[]): Point[] {
  const valueAt = (id: string, index: number) => {
    const cell = rows.find((row) => row.id === id)?.cells[index]
    return cell?.status === 'ok' ? Math.round(cell.value * 10_000) / 100 : null
  }
  return refs.map((ref, index) => ({
    name: ref.name,
    growth: valueAt('growth', index),
    yield: valueAt('yield', index)
  }))
}

const percentTick = (value: number) => `${value}%`
const percentTip = (value: unknown) =>
  typeof value === 'number' ? formatPercent(value / 100) : '—'

export function CompareCharts(props: {
  refs: readonly LocationRef[]
  rows: readonly MetricRow[]
  growthLabel: string
  showYield: boolean
}) {
  const colors = useChartColors()
  const reducedMotion = usePrefersReducedMotion()
  const data = points(props.refs, props.rows)
  const growthData = data.filter((point) => point.growth !== null)
  const scatterData = data.filter((point) => point.growth !== null && point.yield !== null)
  return (
    <div className="chart-grid">
      <ChartFrame
        title={props.growthLabel}
        subtitle="Average growth over the 5-year period"
        height={280}
        exportName="market-compare-growth"
        testId="compare-growth-chart"
      >
        {growthData.length === 0 ? (
          <EmptyState title="No growth figures yet" />
        ) : (
          <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_INITIAL_SIZE}>
            <BarChart data={growthData} margin={CHART_MARGIN}>
              <CartesianGrid vertical={false} stroke={colors.grid} />
              <XAxis
                dataKey="name"
                {...axisProps(colors)}
                interval={0}
                tick={{ fill: colors.axis, fontSize: 10 }}
              />
              <YAxis {...axisProps(colors)} width={48} tickFormatter={percentTick} />
              <ReferenceLine y={0} stroke={colors.axis} />
              <Tooltip
                {...tooltipProps(colors)}
                formatter={percentTip}
                cursor={{ fill: colors.grid, opacity: 0.5 }}
              />
              <Bar
                isAnimationActive={!reducedMotion}
                dataKey="growth"
                name="Growth"
                radius={[3, 3, 0, 0]}
                maxBarSize={36}
              >
                {growthData.map((point, index) => (
                  <Cell
                    key={point.name}
                    fill={colors.palette[index % colors.palette.length] ?? colors.rent}
                  />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartFrame>
      {props.showYield ? (
        <ChartFrame
          title="Yield vs growth"
          subtitle="Top right: higher gross yield and higher growth"
          height={280}
          exportName="market-compare-yield-vs-growth"
          testId="compare-scatter-chart"
        >
          {scatterData.length === 0 ? (
            <EmptyState title="Needs rent, sale and growth" />
          ) : (
            <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_INITIAL_SIZE}>
              <ScatterChart margin={{ ...CHART_MARGIN, top: 16, right: 24, bottom: 16 }}>
                <CartesianGrid stroke={colors.grid} />
                <XAxis
                  type="number"
                  dataKey="yield"
                  name="Gross yield"
                  unit="%"
                  label={{
                    value: 'Gross yield',
                    position: 'insideBottom',
                    offset: -12,
                    fill: colors.axis,
                    fontSize: 11
                  }}
                  {...axisProps(colors)}
                />
                <YAxis
                  type="number"
                  dataKey="growth"
                  name="Growth"
                  unit="%"
                  label={{
                    value: 'Growth',
                    angle: -90,
                    position: 'insideLeft',
                    fill: colors.axis,
                    fontSize: 11
                  }}
                  {...axisProps(colors)}
                  width={52}
                />
                <Tooltip {...tooltipProps(colors)} formatter={percentTip} />
                <Scatter data={scatterData} fill={colors.rent} isAnimationActive={false}>
                  <LabelList
                    dataKey="name"
                    content={(label) => (
                      <text
                        x={Number(label.x ?? 0) + Number(label.width ?? 0) / 2}
                        y={Number(label.y ?? 0) - 6}
                        textAnchor="middle"
                        fill={colors.axis}
                        fontSize={10}
                      >
                        {String(label.value ?? '')}
                      </text>
                    )}
                  />
                </Scatter>
              </ScatterChart>
            </ResponsiveContainer>
          )}
        </ChartFrame>
      ) : null}
    </div>
  )
}
