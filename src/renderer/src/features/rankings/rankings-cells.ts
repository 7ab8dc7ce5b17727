import type { Settings } from '@shared/settings'
import type { MarketQueryError, Provenance } from '../../data/market-result'
import { PRICE_RULES } from '../../lib/best-value'
import type { BestRuleOf } from '../../lib/best-value'
import { bedroomPremium } from '../../lib/bedroom-premium'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import { growthCell, noData, priceCell, yieldCell } from '../../lib/figure-cells'
import type { FigureCell, NoDataCell } from '../../lib/figure-cells'
import type { LookupRequest } from '@shared/contract'
import { asGrowthFigure, asPriceFigure } from '@shared/figures/figures'
import type { PriceFigure } from '@shared/figures/figures'
import type { RankingsScope, RowRequests } from './rankings-requests'

/** One lookup as the rankings read it. */
export type LookupState =
  | { status: 'ok'; data: unknown; meta: Provenance }
  /** In the fetch that is running now. */
  | { status: 'pending' }
  /** Neither cached nor asked for yet. */
  | { status: 'not-fetched' }
  | { status: 'error'; error: MarketQueryError }

export type ColumnId = 'sale' | 'rent' | 'yield' | 'growth' | 'premium' | 'land'

export interface ColumnSpec extends BestRuleOf {
  id: ColumnId
  label: string
  /** A money column: only ranked within one currency, or on converted values. */
  money: boolean
}

export type RankCell = FigureCell | NoDataCell

type RowState = 'ok' | 'pending' | 'not-fetched' | 'failed' | 'not-sent'

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

interface CellOptions {
  scope: RankingsScope
  settings: Pick<Settings, 'growthUnit' | 'growthMeaning' | 'rentPeriod'>
  display: DisplayCurrencyPrefs
}

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
function rowStateOf(states: readonly LookupState[]): { state: RowState; error?: MarketQueryError } {
  const failures = states.flatMap((s) =>
    s.status === 'error' && s.error.code !== 'NOT_FOUND' ? [s.error] : []
  )
  const failure = failures.find((error) => !error.notSent) ?? failures[0]
  if (failure) return { state: failure.notSent ? 'not-sent' : 'failed', error: failure }
  if (states.some((s) => s.status === 'pending')) return { state: 'pending' }
  if (states.some((s) => s.status === 'not-fetched')) return { state: 'not-fetched' }
  return { state: 'ok' }
}

function priceOf(state: LookupState | undefined): PriceFigure | undefined {
  return state?.status === 'ok' ? asPriceFigure(state.data) : undefined
}

function reasonOf(state: LookupState | undefined): string {
  return state?.status === 'error' ? state.error.message : 'No data'
}

/** One location's row: its state and, once every lookup has answered, its cells. */
export function buildRow(
  key: string,
  requests: RowRequests,
  lookup: (request: LookupRequest) => LookupState,
  options: CellOptions
): RankRow {
  const read = (request: LookupRequest | undefined) => (request ? lookup(request) : undefined)
  const sale = read(requests.sale)
  const rent = read(requests.rent)
  const land = read(requests.land)
  const growth = read(requests.growth)
  const smaller = read(requests.smallerPrice)
  const states = [sale, rent, land, growth, smaller].filter(
    (s): s is LookupState => s !== undefined
  )
  const metas = states.flatMap((s) => (s.status === 'ok' ? [s.meta] : []))
  const { state, error } = rowStateOf(states)
  const row: RankRow = { key, requests, state, cells: {}, metas, ...(error ? { error } : {}) }
  if (state !== 'ok') return row

  const { display, settings, scope } = options
  const setPrice = (id: ColumnId, figureState: LookupState | undefined, what: string) => {
    if (!figureState) return
    const figure = priceOf(figureState)
    row.cells[id] = figure
      ? priceCell(figure, what, display, { compact: true })
      : noData(reasonOf(figureState))
  }
  setPrice('sale', sale, 'average sale price')
  setPrice('rent', rent, `average rent per ${settings.rentPeriod}`)
  setPrice('land', land, 'average land price')

  const saleFigure = priceOf(sale)
  const rentFigure = priceOf(rent)
  if (sale && rent) {
    row.cells.yield =
      saleFigure && rentFigure
        ? yieldCell(rentFigure, saleFigure, settings.rentPeriod)
        : noData('Needs both rent and sale price')
  }

  const growthFigure = growth?.status === 'ok' ? asGrowthFigure(growth.data) : undefined
  if (growthFigure) row.growthPeriod = growthFigure.period
  row.cells.growth = growthFigure ? growthCell(growthFigure, settings) : noData(reasonOf(growth))

  if (smaller && scope.smallerBeds) {
    const larger = scope.type === 'rent' ? rentFigure : saleFigure
    const smallerFigure = priceOf(smaller)
    if (larger && smallerFigure) {
      const outcome = bedroomPremium(
        { beds: scope.smallerBeds, ...smallerFigure },
        { beds: scope.beds, ...larger }
      )
      row.cells.premium = outcome.ok
        ? priceCell(
            { price: outcome.perBedroom, currency: outcome.currency },
            outcome.formula,
            display,
            { signed: true, compact: true }
          )
        : noData(outcome.reason)
    } else {
      row.cells.premium = noData(`Needs the ${scope.smallerBeds}-bed and ${scope.beds}-bed prices`)
    }
  }
  return row
}
