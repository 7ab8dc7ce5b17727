import { nameCollator } from '../../lib/location-search'
import { STATE_WORDS } from './rankings-cells'
import type { ColumnId, ColumnSpec, RankCell, RankRow } from './rankings-cells'

export type SortColumn = ColumnId | 'name'
type SortDirection = 'asc' | 'desc'

export interface SortState {
  column: SortColumn
  direction: SortDirection
}

/** How one ranked cell stands in its column (within its group). */
export interface CellStanding {
  /** 1 = best. */
  rank: number
  /** 4 = best fifth … 0 = worst fifth; undefined when the group has a single value. */
  heat: number | undefined
  mark?: 'best' | 'worst'
  /** A column ranked in several groups has a best and a worst in each: this mark's group. */
  markGroup?: string
}

export type ColumnStandings = Map<string, CellStanding>

type RankedCell = Extract<RankCell, { status: 'ok' }> & { rankValue: number }

function rankedCell(row: RankRow, column: ColumnId): RankedCell | undefined {
  if (row.state !== 'ok') return undefined
  const cell = row.cells[column]
  return cell?.status === 'ok' && cell.rankValue !== undefined ? (cell as RankedCell) : undefined
}

/** The direction that puts the best first. */
export function bestFirst(spec: Pick<ColumnSpec, 'rule'>): SortDirection {
  return spec.rule === 'highest' ? 'desc' : 'asc'
}

/** The sort shown: a column the scope does not have (land has no yield) gives way to the first. */
export function shownSort(sort: SortState, specs: readonly ColumnSpec[]): SortState {
  const first = specs[0]
  if (sort.column === 'name' || !first || specs.some((spec) => spec.id === sort.column)) return sort
  return { column: first.id, direction: bestFirst(first) }
}

/**
 * Rank, heat and best/worst of every ranked cell of a column. Only rows whose lookups have all
 * answered take part; values rank only within their group (one currency, unless converted).
 */
export function columnStandings(rows: readonly RankRow[], spec: ColumnSpec): ColumnStandings {
  const groups = new Map<string, Array<{ key: string; value: number }>>()
  for (const row of rows) {
    const cell = rankedCell(row, spec.id)
    if (!cell) continue
    const list = groups.get(cell.group) ?? []
    list.push({ key: row.key, value: cell.rankValue })
    groups.set(cell.group, list)
  }
  const sign = spec.rule === 'highest' ? -1 : 1
  const standings: ColumnStandings = new Map()
  const several = groups.size > 1
  for (const [group, list] of groups) {
    list.sort((a, b) => sign * (a.value - b.value))
    const best = list[0]?.value
    const worst = list[list.length - 1]?.value
    const distinct = best !== worst
    let rank = 0
    list.forEach((item, index) => {
      // Equal values share a rank.
      if (index === 0 || item.value !== list[index - 1]?.value) rank = index + 1
      const heat =
        list.length > 1
          ? 4 - Math.min(4, Math.floor(((rank - 1) / (list.length - 1)) * 5))
          : undefined
      const mark = distinct
        ? item.value === best
          ? 'best'
          : item.value === worst
            ? 'worst'
            : undefined
        : undefined
      const marked = mark ? { mark, ...(several ? { markGroup: group } : {}) } : {}
      standings.set(item.key, { rank, heat, ...marked })
    })
  }
  return standings
}

const STATES = Object.keys(STATE_WORDS)
const byState = (a: RankRow, b: RankRow) => STATES.indexOf(a.state) - STATES.indexOf(b.state)

function byName(a: RankRow, b: RankRow): number {
  return (
    nameCollator.compare(a.requests.ref.name, b.requests.ref.name) ||
    nameCollator.compare(a.requests.ref.city, b.requests.ref.city)
  )
}

/**
 * Rows in display order: the ranked ones by the column (within a currency, currency first, when
 * a money column is not converted), then answered rows with no value there, then pending, not
 * fetched and failed rows — never ranked among the others.
 */
export function sortRows(rows: readonly RankRow[], sort: SortState): RankRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1
  if (sort.column === 'name') return [...rows].sort((a, b) => byState(a, b) || sign * byName(a, b))
  const column = sort.column
  const keyed = rows.map((row) => ({ row, cell: rankedCell(row, column) }))
  keyed.sort((a, b) => {
    if (a.cell && b.cell) {
      return (
        nameCollator.compare(a.cell.group, b.cell.group) ||
        sign * (a.cell.rankValue - b.cell.rankValue) ||
        byName(a.row, b.row)
      )
    }
    if (a.cell) return -1
    if (b.cell) return 1
    return byState(a.row, b.row) || byName(a.row, b.row)
  })
  return keyed.map(({ row }) => row)
}

/** The groups a column's ranked values fall in (e.g. the currencies of a price column). */
export function columnGroups(rows: readonly RankRow[], column: ColumnId): string[] {
  const groups = rows.flatMap((row) => rankedCell(row, column)?.group ?? [])
  return [...new Set(groups)].sort()
}
