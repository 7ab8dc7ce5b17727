import type { FigureCellState } from '../../data/location-figures'
import type { Provenance } from '../../data/market-result'
import type { ChartExportInfo } from '../../components/ChartFrame'
import { whyNotShown } from '../../lib/figure-cells'
import type { LocationRef } from '../../lib/location-ref'
import type { BedRow } from './residential-matrix-model'

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

export function metasOf(cells: readonly FigureCellState[]): Provenance[] {
  return cells.flatMap((cell) => (cell.status === 'ok' ? [cell.meta] : []))
}

/** Bed types a chart leaves out, with the reason: `5 bed (no data)`. */
export function bedsNotShown(
  rows: readonly BedRow[],
  shown: (row: BedRow) => boolean,
  cellsOf: (row: BedRow) => readonly FigureCellState[]
): string[] {
  return rows
    .filter((row) => !shown(row))
    .map((row) => `${row.label} (${whyNotShown(cellsOf(row).map((cell) => cell.status))})`)
}
