/**
 * The renderer's compare CSV for the reliability suite, loaded at run time: its modules are typed
 * by the renderer's tsconfig (DOM), not this suite's, so only the shape used here is declared.
 */
import { join, resolve } from 'node:path'

export interface AppCsv {
  buildCompareCsv(inputs: unknown[], rows: unknown[], options: object): string
  buildMetricRows(inputs: unknown[], options: object): unknown[]
}

const COMPARE = resolve(import.meta.dirname, '../../src/renderer/src/features/compare')

export async function loadAppCsv(): Promise<AppCsv> {
  const [csv, model] = (await Promise.all([
    import(join(COMPARE, 'compare-csv.ts')),
    import(join(COMPARE, 'compare-model.ts'))
  ])) as [Pick<AppCsv, 'buildCompareCsv'>, Pick<AppCsv, 'buildMetricRows'>]
  return { buildCompareCsv: csv.buildCompareCsv, buildMetricRows: model.buildMetricRows }
}

/** Columns of the compare CSV that hold the service's text, in the order compareInputsFrom uses. */
export const TEXT_COLUMNS = [0, 1, 2, 3, 6, 12] as const
/** The growth column: every input has a growth of -3.2 (%), which must stay a number. */
export const GROWTH_COLUMN = 11

/** Compare inputs whose name, city, country, country code, currency and period are `cells`. */
export function compareInputsFrom(cells: readonly string[]): {
  inputs: unknown[]
  originals: string[][]
} {
  const meta = { source: 'remote' as const, fetchedAt: '2025-05-01T10:00:00.000Z' }
  const inputs: unknown[] = []
  const originals: string[][] = []
  for (let index = 0; index + TEXT_COLUMNS.length <= cells.length; index += TEXT_COLUMNS.length) {
    const [name = '', city = '', country = '', code = '', currency = '', period = ''] = cells.slice(
      index,
      index + TEXT_COLUMNS.length
    )
    const money = (price: number) => ({ status: 'ok' as const, data: { price, currency }, meta })
    inputs.push({
      ref: { sector: 'residential', slug: `loc-${index}`, countryCode: code, name, city, country },
      price: money(100_000),
      rent: money(6_000),
      sale: money(100_000),
      growth: { status: 'ok', data: { growth: -3.2, period }, meta }
    })
    originals.push([name, city, country, code, currency, period])
  }
  return { inputs, originals }
}
