import type { GrowthPayload, ResidentialPricePayload } from '@shared/spec'
import type { Provenance } from '../../data/market-result'
import type { ChartExportInfo } from '../../components/ChartFrame'
import { whyNotShown } from '../../lib/figure-cells'
import type { LocationRef } from '../../lib/location-ref'
import type { BedRow, CellState } from './residential-matrix-model'

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

type AnyCell = CellState<ResidentialPricePayload> | CellState<GrowthPayload>

export function metasOf(cells: readonly AnyCell[]): Provenance[] {
  return cells.flatMap((cell) => (cell.status === 'ok' ? [cell.value.meta] : []))
}

/** Bed types a chart leaves out, with the reason: `5 bed (no data)`. */
export function bedsNotShown(
  rows: readonly BedRow[],
  shown: (row: BedRow) => boolean,
  cellsOf: (row: BedRow) => readonly AnyCell[]
): string[] {
  return rows
    .filter((row) => !shown(row))
    .map((row) => `${row.label} (${whyNotShown(cellsOf(row).map((cell) => cell.status))})`)
}
