import type { Provenance } from '../../data/market-result'
import type { ChartExportInfo } from '../../components/ChartFrame'
import { whyNotShown } from '../../lib/figure-cells'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import { cellAt } from './compare-model'
import type { MetricId, MetricRow } from './compare-model'

export interface ComparePoint {
  key: string
  name: string
  color: string
  /** Percentages (7.5 = 7.5 %), null when the location has no such figure. */
  growth: number | null
  yield: number | null
  /** The figures in words ("7.50%", growth in both readings), null when there is none. */
  growthText: string | null
  yieldText: string | null
}

/** One point per location, coloured as in the table. */
export function comparePoints(
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
export function locationsNotShown(
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

export interface CompareChartView {
  sector: 'residential' | 'land'
  type: 'rent' | 'sale'
  /** The bed type's words: the user's label, else "3 bed". */
  bedsLabel: string
}

/** Export details of a compare chart: the view, the locations and their provenance. */
export function compareExportInfo(
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
