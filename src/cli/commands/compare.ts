import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type { LookupRequest, LookupResult } from '@shared/contract'
import type { Handlers } from '@shared/operations'
import type { Result } from '@shared/result'
import type { TransactionType } from '@shared/spec'
import {
  bedsListField,
  compareTypeField,
  countryField,
  countryFor,
  GROWTH_IS_HELP,
  growthIsField,
  locationListField,
  rentPeriodField
} from '../fields'
import { defineCommand } from './command'
import { assembleCompare, compareItems, NOT_ANSWERED } from './compare-table'

export const MAX_COMPARE_LOCATIONS = 500
export const MAX_COMPARE_BEDS = 24

const CompareArgs = z.object({
  locations: locationListField.refine(
    (list) => list.length <= MAX_COMPARE_LOCATIONS,
    `takes at most ${MAX_COMPARE_LOCATIONS} locations`
  ),
  country: countryField.optional(),
  beds: bedsListField.refine(
    (list) => list.length <= MAX_COMPARE_BEDS,
    `takes at most ${MAX_COMPARE_BEDS} bed types`
  ),
  type: compareTypeField.default('both'),
  'rent-period': rentPeriodField.default('year'),
  'growth-is': growthIsField.default('per-year')
})

/** Runs the items through batchLookup in chunks the contract accepts; Ctrl-C cancels. */
async function runBatches(
  handlers: Handlers,
  items: readonly LookupRequest[],
  signal: AbortSignal
): Promise<Result<LookupResult[]>> {
  const results: LookupResult[] = []
  for (let start = 0; start < items.length; start += MAX_BATCH_ITEMS) {
    const batchId = `cli-${randomUUID()}`
    const cancel = (): void => void handlers.cancelBatch({ batchId })
    signal.addEventListener('abort', cancel, { once: true })
    try {
      const chunk = items.slice(start, start + MAX_BATCH_ITEMS)
      const batch = await handlers.batchLookup({ batchId, items: chunk })
      if (!batch.ok) return batch
      // Nothing streams in the CLI, so the reply carries every item's Result; one missing was
      // not answered.
      const answered = batch.data.results ?? []
      results.push(...chunk.map((_, index) => answered[index] ?? NOT_ANSWERED))
      if (batch.data.cancelled) break
    } finally {
      signal.removeEventListener('abort', cancel)
    }
  }
  return { ok: true, data: results }
}

export const compareCommand = defineCommand({
  name: 'compare',
  summary: 'rent, sale, gross yield and growth for many locations × bed types (one batch)',
  usage:
    'compare --locations SLUG[:CC],... --beds N,... [--country CC] [--type rent|sale|both] [--rent-period year|month] [--growth-is per-year|total]',
  help: `Options:
  --locations LIST       comma-separated slugs, each optionally slug:CC,
                         e.g. lekki-phase-1,ikoyi:NG,east-legon:GH (required)
  --beds LIST            comma-separated bed types, e.g. 2,3 (required)
  --country CC           country for slugs without :CC (default NG)
  --type TYPE            rent, sale or both (default both; yield needs both)
  --rent-period PERIOD   what the service's rent is per: year (default) or month;
                         gross_yield_pct = annual rent ÷ sale price × 100 (month rent × 12)
${GROWTH_IS_HELP}

One row per location × bed type; bed_type is the bed value's name ("1 bed / self-contained").
Growth columns are rent_growth_avg_per_year and sale_growth_avg_per_year (or _total).
A lookup that fails leaves its cell empty ("—" in the table, empty in CSV, null in JSON) with a
note on stderr; the other rows are still printed and the exit code is the code of the first
failure (0 when every lookup succeeded).

Examples:
  npm run cli -- compare --locations lekki-phase-1,ikoyi,east-legon:GH --beds 2,3
  npm run cli -- compare --locations wuse-2,maitama --beds 1,2,3 --type rent --csv > abuja.csv`,
  schema: CompareArgs,
  async run(args, { handlers, signal }) {
    // Each location once (a slug named in two countries is two), in the order first named.
    const places = new Map(
      args.locations.map((location) => {
        const countryCode = countryFor(location, args.country)
        return [`${countryCode}:${location.slug}`, { location: location.slug, countryCode }]
      })
    )
    const rows = [...places.values()].flatMap((place) =>
      args.beds.map((beds) => ({ ...place, beds }))
    )
    const types: TransactionType[] = args.type === 'both' ? ['rent', 'sale'] : [args.type]
    const items = rows.flatMap((row) => compareItems(row, types))
    const results = await runBatches(handlers, items, signal)
    if (!results.ok) return results
    return assembleCompare(rows, results.data, types, args['rent-period'], args['growth-is'])
  }
})
