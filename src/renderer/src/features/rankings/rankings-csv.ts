import { csvPercent, toCsv } from '../../lib/csv'
import type { CsvCell } from '../../lib/csv'
import { oldestTime } from '../../lib/staleness'
import { STATE_WORDS } from './rankings-cells'
import type { ColumnSpec, RankRow } from './rankings-cells'
import type { ColumnStandings } from './rankings-sort'

/** What a ranking was of, in words, so its CSV reads with no other context. */
export interface RankingContext {
  sector: string
  /** Transaction and bed type: empty for land. */
  transaction: string
  beds: string
  /** How growth figures read, e.g. "avg per year". */
  growthBasis: string
  /** The filter the rows were chosen by, e.g. "country NG, city Lagos", or "all locations". */
  filter: string
}

/**
 * The rows as shown (filter and order), one line each: the rank in the sorted column, the
 * location, its state, every column's figure (money with its currency, and the converted amount
 * when a display currency is chosen), then what the ranking was of and where and when each
 * row's figures come from.
 */
export function buildRankingsCsv(
  rows: readonly RankRow[],
  specs: readonly ColumnSpec[],
  sorted: { spec: ColumnSpec | undefined; standings: ColumnStandings | undefined },
  displayCurrency: string | null,
  context: RankingContext
): string {
  const header: CsvCell[] = [
    sorted.spec ? `Rank by ${sorted.spec.label}` : 'Rank',
    'Location',
    'City',
    'Country',
    'Country code',
    'Status'
  ]
  for (const spec of specs) {
    if (spec.money) {
      header.push(spec.label, `${spec.label} currency`)
      if (displayCurrency) header.push(`${spec.label} in ${displayCurrency}`)
    } else {
      header.push(`${spec.label} (%)`)
    }
  }
  header.push(
    'Sector',
    'Transaction',
    'Bed type',
    'Growth basis',
    'Growth period',
    'Filter',
    'Source',
    'As of'
  )
  const lines = rows.map((row): CsvCell[] => {
    const ref = row.requests.ref
    const rank = sorted.standings?.get(row.key)?.rank
    const line: CsvCell[] = [
      rank ?? '',
      ref.name,
      ref.city,
      ref.country,
      ref.countryCode,
      row.error ? `${STATE_WORDS[row.state]}: ${row.error.code}` : STATE_WORDS[row.state]
    ]
    for (const spec of specs) {
      const cell = row.cells[spec.id]
      const ok = cell?.status === 'ok' ? cell : undefined
      if (spec.money) {
        line.push(ok ? ok.value : '', ok?.currency ?? '')
        if (displayCurrency) line.push(ok?.rankValue === undefined ? '' : Math.round(ok.rankValue))
      } else {
        line.push(ok ? csvPercent(ok.value) : '')
      }
    }
    const { sector, transaction, beds, growthBasis, filter } = context
    const sources = [...new Set(row.metas.map((meta) => meta.source))].join(' + ')
    const asOf = oldestTime(row.metas.map((meta) => meta.fetchedAt)) ?? ''
    line.push(sector, transaction, beds, growthBasis, row.growthPeriod ?? '', filter, sources, asOf)
    return line
  })
  return toCsv([header, ...lines])
}
