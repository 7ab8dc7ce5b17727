/**
 * Rankings over 1,000 locations, as the screen computes them (src/renderer/src/features/rankings:
 * every row built from its four answered lookups, rank/heat/best of every column, then a sort by
 * yield and one by growth). Baseline, in the same run: the bare minimum for the same answer — a
 * yield per row and a numeric sort of the plain numbers. The React render of the visible rows is
 * not measured here (the table is virtual: it renders one screenful whatever the count).
 */
import type { Provenance } from '../src/renderer/src/data/market-result'
import { buildRow, rankingColumns } from '../src/renderer/src/features/rankings/rankings-cells'
import type { LookupState } from '../src/renderer/src/data/location-figures'
import { rowRequests } from '../src/renderer/src/features/rankings/rankings-lookups'
import type { RankingsScope } from '../src/renderer/src/features/rankings/rankings-lookups'
import { columnStandings, sortRows } from '../src/renderer/src/features/rankings/rankings-sort'
import type { LookupRequest } from '@shared/contract'
import type { BenchRow } from './lib/rows'
import { alternate, median, timeMs } from './lib/stats'
import { syntheticLocations } from './search'

const SCOPE: RankingsScope = { sector: 'residential', type: 'sale', beds: '3', smallerBeds: '2' }
const META: Provenance = { source: 'demo', fetchedAt: '2026-11-01T00:00:00.000Z' }
const SETTINGS = { growthUnit: 'percent', growthMeaning: 'per-year', rentPeriod: 'year' } as const

/** A made-up but stable answer per lookup. */
function answer(request: LookupRequest): LookupState {
  const seed = [...request.location].reduce((sum, char) => sum + char.charCodeAt(0), 0)
  if (request.kind === 'growth') {
    return { status: 'ok', data: { growth: (seed % 150) / 10, period: '2020-2025' }, meta: META }
  }
  const beds = request.kind === 'residentialPrice' ? Number(request.beds) : 1
  const sale = 40_000_000 + (seed % 97) * 1_000_000 + beds * 9_000_000
  const price = request.kind === 'residentialPrice' && request.type === 'rent' ? sale * 0.06 : sale
  return { status: 'ok', data: { price, currency: 'NGN' }, meta: META }
}

export async function benchRankings(count: number, rounds: number): Promise<BenchRow> {
  const refs = syntheticLocations(count).map((location) => ({
    sector: 'residential' as const,
    slug: location.slug,
    countryCode: location.country_code,
    name: location.name,
    city: location.city,
    country: location.country
  }))
  const requests = refs.map((ref) => rowRequests(ref, SCOPE))
  const specs = rankingColumns(SCOPE, 'year')
  const options = { scope: SCOPE, settings: SETTINGS, display: { currency: null, rates: [] } }

  const ours = () =>
    timeMs(() => {
      const rows = requests.map((row, index) => buildRow(String(index), row, answer, options))
      for (const spec of specs) columnStandings(rows, spec)
      sortRows(rows, { column: 'yield', direction: 'desc' })
      return sortRows(rows, { column: 'growth', direction: 'desc' })
    })
  const baseline = () =>
    timeMs(() => {
      const plain = requests.map((row) => {
        const sale = answer(row.sale as LookupRequest)
        const rent = answer(row.rent as LookupRequest)
        const growth = answer(row.growth)
        const price = (state: LookupState) =>
          state.status === 'ok' ? (state.data as { price: number }).price : NaN
        return {
          yield: price(rent) / price(sale),
          growth: growth.status === 'ok' ? (growth.data as { growth: number }).growth : NaN
        }
      })
      plain.sort((a, b) => b.yield - a.yield)
      return plain.sort((a, b) => b.growth - a.growth)
    })
  // Warm both paths (JIT) before timing.
  await ours()
  await baseline()
  const times = await alternate(rounds, ours, baseline)
  const p50 = median(times.ours)
  const base = median(times.baseline)
  return {
    benchmark: `rankings over ${count.toLocaleString('en-US')} locations (rows, standings and sort)`,
    measured: `${count} rows × ${specs.length} columns built from answered lookups, rank/heat/best per column, sorted by yield then growth; median of ${rounds} rounds; render not measured (virtual table)`,
    ours: p50,
    baseline: base,
    unit: 'ms',
    ratio: p50 / base,
    target: 'median <= 16 ms (one frame)',
    met: p50 <= 16,
    detail: `baseline: yield per row and two plain numeric sorts (${base.toFixed(3)} ms)`
  }
}
