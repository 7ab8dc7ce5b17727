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
import type { PriceFigure } from '@shared/figures/figures'
import { formatMoney } from '../../lib/format'
import { derivePricePath, parsePeriod } from '../../lib/growth'
import type { GrowthMeaning, GrowthValue } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import type { Provenance } from '../../data/market-result'

/** `Ikoyi, Lagos, Nigeria · Residential`: the location line of an exported chart. */
function locationLine(location: LocationRef): string {
  const place = [location.name, location.city, location.country].filter(Boolean).join(', ')
  return `${place} · ${location.sector === 'land' ? 'Land' : 'Residential'}`
}

/** Export details for a chart of one location. */
export function locationExportInfo(
  location: LocationRef,
  view: string,
  metas: readonly Provenance[],
  chartName: string
): ChartExportInfo {
  return {
    context: view ? `${locationLine(location)} · ${view}` : locationLine(location),
    metas,
    fileParts: [location.slug, location.countryCode, location.sector, chartName, view]
  }
}

const DERIVED_LABEL: Readonly<Record<GrowthMeaning, string>> = {
  'per-year': 'Derived from average growth — not observed prices',
  total: 'Derived from total growth — not observed prices'
}

/** One path to derive: a current price and the growth figure that implies its past. */
interface PathInput {
  key: string
  label: string
  price: PriceFigure | undefined
  growth: GrowthValue | undefined
}

/**
 * Each path's yearly values, merged by year for a line chart: each compounds the per-year rate its
 * growth implies (a total is spread over the period first). Only the first path's currency is
 * drawn; a path in another is left out (`skippedCurrencies`).
 */
export function derivePaths(inputs: readonly PathInput[]) {
  const byYear = new Map<number, Record<string, number>>()
  const series: Array<{ key: string; label: string }> = []
  const skipped = new Set<string>()
  let currency: string | undefined
  for (const { key, label, price, growth } of inputs) {
    const period = growth ? parsePeriod(growth.period) : undefined
    if (!price || !period || growth?.perYear === undefined) continue
    currency ??= price.currency
    if (price.currency !== currency) {
      skipped.add(price.currency)
      continue
    }
    const path = derivePricePath(price.price, growth.perYear, period)
    if (path.length > 0) series.push({ key, label })
    for (const point of path) {
      const entry = byYear.get(point.year) ?? { year: point.year }
      entry[key] = point.value
      byYear.set(point.year, entry)
    }
  }
  const points = [...byYear.values()].sort((a, b) => (a['year'] ?? 0) - (b['year'] ?? 0))
  return { currency: currency ?? '', series, points, skippedCurrencies: [...skipped] }
}

/** Dashed lines of yearly values implied by a growth figure, always labelled as derived. */
export function DerivedPathChart(props: {
  title: string
  meaning: GrowthMeaning
  paths: ReturnType<typeof derivePaths>
  exportInfo: ChartExportInfo
  notShown?: readonly string[]
  emptyText: string
  actions?: ReactNode
}) {
  const colors = useChartColors()
  const { series, points, currency, skippedCurrencies } = props.paths
  const money = (value: number) => formatMoney(value, currency, { compact: true })
  // The points run by year to the growth period's end, where each path takes the current price.
  const endYear = points.at(-1)?.['year']
  const yearText = (year: number | undefined) =>
    year === endYear ? `${year} (current average)` : String(year ?? '')
  const legend = series.map((one, index) => ({
    label: one.label,
    color: colors.palette[index % colors.palette.length] ?? colors.rent
  }))
  return (
    <ChartFrame
      empty={
        series.length === 0 ? { title: 'Nothing to derive yet', text: props.emptyText } : undefined
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
        columns: ['Year', ...series.map((one) => `${one.label} (derived)`)],
        rows: points.map((point) => [
          yearText(point['year']),
          ...series.map((one) => {
            const value = point[one.key]
            return value === undefined ? '—' : money(value)
          })
        ])
      }}
      note={
        <>
          <strong>{DERIVED_LABEL[props.meaning]}.</strong>{' '}
          {impliedPathExplanation(props.meaning, endYear)}
          {skippedCurrencies.length > 0
            ? ` Bed types priced in ${skippedCurrencies.join(', ')} are left out of this ${currency} chart.`
            : ''}
        </>
      }
    >
      <LineChart data={points} margin={CHART_MARGIN}>
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
        {series.map((one, index) => (
          <Line
            key={one.key}
            dataKey={one.key}
            name={one.label}
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
