/**
 * The renderer's compare CSV for the reliability suite, loaded at run time: its modules are typed
 * by the renderer's tsconfig (DOM), not this suite's, so only the shape used here is declared.
 */
import { join, resolve } from 'node:path'

export interface AppCsv {
  buildCompareCsv(columns: unknown[], rows: unknown[], options: object): string
  buildMetricRows(columns: unknown[], options: object): unknown[]
  /** The app's builder of a location's figure cells (data/location-figures.ts). */
  locationFigures(states: object, options: object): object
}

const RENDERER = resolve(import.meta.dirname, '../../src/renderer/src')

export async function loadAppCsv(): Promise<AppCsv> {
  const [csv, model, figures] = (await Promise.all([
    import(join(RENDERER, 'features/compare/compare-csv.ts')),
    import(join(RENDERER, 'features/compare/compare-model.ts')),
    import(join(RENDERER, 'data/location-figures.ts'))
  ])) as [
    Pick<AppCsv, 'buildCompareCsv'>,
    Pick<AppCsv, 'buildMetricRows'>,
    Pick<AppCsv, 'locationFigures'>
  ]
  return {
    buildCompareCsv: csv.buildCompareCsv,
    buildMetricRows: model.buildMetricRows,
    locationFigures: figures.locationFigures
  }
}

/** The compare options the columns are built and exported with. */
export const COMPARE_OPTIONS = {
  type: 'sale',
  growthUnit: 'percent',
  growthMeaning: 'per-year',
  rentPeriod: 'year',
  sector: 'residential'
} as const

/** Columns of the compare CSV that hold the service's text, in the order compareInputsFrom uses. */
export const TEXT_COLUMNS = [0, 1, 2, 3, 6, 12] as const
/** The growth column: every input has a growth of -3.2 (%), which must stay a number. */
export const GROWTH_COLUMN = 11

/**
 * Compare columns whose name, city, country, country code, currency and period are `cells`, their
 * figures built by the app's own `locationFigures` from answered lookups.
 */
export function compareInputsFrom(
  cells: readonly string[],
  locationFigures: AppCsv['locationFigures']
): {
  inputs: unknown[]
  originals: string[][]
} {
  const figureOptions = {
    settings: COMPARE_OPTIONS,
    display: { currency: null, rates: [] },
    compact: false
  }
  const meta = { source: 'remote' as const, fetchedAt: '2025-05-01T10:00:00.000Z' }
  const inputs: unknown[] = []
  const originals: string[][] = []
  for (let index = 0; index + TEXT_COLUMNS.length <= cells.length; index += TEXT_COLUMNS.length) {
    const [name = '', city = '', country = '', code = '', currency = '', period = ''] = cells.slice(
      index,
      index + TEXT_COLUMNS.length
    )
    const money = (price: number) => ({ status: 'ok' as const, data: { price, currency }, meta })
    const states = {
      rent: money(6_000),
      sale: money(100_000),
      growth: { status: 'ok', data: { growth: -3.2, period }, meta }
    }
    inputs.push({
      ref: { sector: 'residential', slug: `loc-${index}`, countryCode: code, name, city, country },
      ...locationFigures(states, figureOptions)
    })
    originals.push([name, city, country, code, currency, period])
  }
  return { inputs, originals }
}
