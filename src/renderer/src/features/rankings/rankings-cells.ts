import type { LookupRequest } from '@shared/contract'
import { locationFigures, metasOf, readFigures } from '../../data/location-figures'
import type { FigureId, FigureOptions, LookupState } from '../../data/location-figures'
import type { MarketQueryError, Provenance } from '../../data/market-result'
import { PRICE_RULES } from '../../lib/best-value'
import type { BestRuleOf } from '../../lib/best-value'
import type { FigureCell, NoDataCell } from '../../lib/figure-cells'
import type { RankingsScope, RowRequests } from './rankings-lookups'

export type ColumnId = FigureId

export interface ColumnSpec extends BestRuleOf {
  id: ColumnId
  label: string
  /** A money column: only ranked within one currency, or on converted values. */
  money: boolean
}

export type RankCell = FigureCell | NoDataCell

type RowState = 'ok' | 'pending' | 'not-fetched' | 'failed' | 'not-sent'

/** A row's state in words, in the order rows are listed: answered first, failed last. */
export const STATE_WORDS: Record<RowState, string> = {
  ok: 'answered',
  pending: 'pending',
  'not-fetched': 'not fetched',
  'not-sent': 'not sent',
  failed: 'failed'
}

export interface RankRow {
  key: string
  requests: RowRequests
  state: RowState
  error?: MarketQueryError
  cells: Partial<Record<ColumnId, RankCell>>
  metas: Provenance[]
  /** The years the growth figure covers, e.g. "2020-2025". */
  growthPeriod?: string
}

type CellOptions = Pick<FigureOptions, 'settings' | 'display'> & { scope: RankingsScope }

/** The columns a scope shows, with the rule that says which value is best. */
export function rankingColumns(scope: RankingsScope, rentPeriod: string): ColumnSpec[] {
  const growth: ColumnSpec = {
    id: 'growth',
    label: scope.sector === 'land' ? 'Land growth' : `Growth (${scope.type})`,
    rule: 'highest',
    money: false
  }
  if (scope.sector === 'land') {
    return [{ id: 'land', label: 'Land price', ...PRICE_RULES.land, money: true }, growth]
  }
  return [
    { id: 'sale', label: 'Sale price', ...PRICE_RULES.sale, money: true },
    { id: 'rent', label: `Rent (per ${rentPeriod})`, ...PRICE_RULES.rent, money: true },
    { id: 'yield', label: 'Gross yield', rule: 'highest', money: false },
    growth,
    ...(scope.smallerBeds
      ? [
          {
            id: 'premium' as const,
            label: `Per-bedroom premium (${scope.type})`,
            ...PRICE_RULES[scope.type],
            money: true
          }
        ]
      : [])
  ]
}

/**
 * The row's state: failed beats not sent (by main's quota guard) beats pending beats not fetched;
 * NOT_FOUND is data (there is none).
 */
function rowStateOf(states: ReadonlyArray<LookupState | undefined>): {
  state: RowState
  error?: MarketQueryError
} {
  const failures = states.flatMap((s) =>
    s?.status === 'error' && s.error.code !== 'NOT_FOUND' ? [s.error] : []
  )
  const failure = failures.find((error) => !error.notSent) ?? failures[0]
  if (failure) return { state: failure.notSent ? 'not-sent' : 'failed', error: failure }
  if (states.some((s) => s?.status === 'loading')) return { state: 'pending' }
  if (states.some((s) => s?.status === 'not-fetched')) return { state: 'not-fetched' }
  return { state: 'ok' }
}

/** One location's row: its state and, once every lookup has answered, its cells. */
export function buildRow(
  key: string,
  requests: RowRequests,
  lookup: (request: LookupRequest) => LookupState,
  options: CellOptions
): RankRow {
  const states = readFigures(requests, lookup)
  const { sale, rent, land, growth, smallerPrice } = states
  const { state, error } = rowStateOf([sale, rent, land, growth, smallerPrice])
  const row: RankRow = { key, requests, state, cells: {}, metas: metasOf(states) }
  if (error) row.error = error
  if (state !== 'ok') return row
  const { scope, settings, display } = options
  const premium = scope.smallerBeds && { ...scope, smallerBeds: scope.smallerBeds }
  const figures = locationFigures(states, {
    settings,
    display,
    compact: true,
    ...(premium ? { premium } : {})
  })
  // Every lookup of an answered row has a figure or "no data": its cells are one or the other.
  row.cells = figures.cells as RankRow['cells']
  if (figures.growth) row.growthPeriod = figures.growth.period
  return row
}
