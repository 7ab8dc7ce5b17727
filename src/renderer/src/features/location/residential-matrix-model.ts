import type { BedType } from '@shared/bed-types'
import type { PriceFigure } from '@shared/figures/figures'
import type { Settings } from '@shared/settings'
import type { TransactionType } from '@shared/spec'
import { locationFigures, lookupState } from '../../data/location-figures'
import type {
  FigureCellState,
  FigureId,
  LocationFigures,
  LookupState
} from '../../data/location-figures'
import { MarketQueryError } from '../../data/market-result'
import { bedTypeLabel } from '@shared/bed-types'
import { NO_DISPLAY_CURRENCY } from '../../lib/currency-conversion'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import { growthValue } from '../../lib/growth'
import type { GrowthValue } from '../../lib/growth'

/**
 * The residential price matrix as data: what the answers of its queries show, read as Compare
 * and Rankings read theirs (data/location-figures).
 */

export interface BedRow {
  beds: string
  /** The bed type's words: the user's label, else "3 bed". */
  label: string
  price: Record<TransactionType, FigureCellState>
  growth: Record<TransactionType, FigureCellState>
  growthFraction: Record<TransactionType, GrowthValue | undefined>
  /** Gross yield: its formula as the tooltip. */
  yield: FigureCellState
  /** Both rent and sale answered NOT_FOUND (remembered for this location). */
  noData: boolean
  /** Some "No data" here comes from an earlier visit and was not asked again this time. */
  remembered: boolean
}

/**
 * One bed type and transaction type: the states of its price and growth lookups, and whether
 * they were not asked because an earlier visit found no data there.
 */
export interface ComboAnswer {
  beds: string
  type: TransactionType
  price: LookupState
  growth: LookupState
  remembered: boolean
}

const LOADING = { status: 'loading' } as const

const REMEMBERED: LookupState = {
  status: 'error',
  error: new MarketQueryError({
    code: 'NOT_FOUND',
    message: 'No data for this bed type (remembered)'
  })
}

/**
 * A query's state as the location screen shows it: a lookup neither answered nor being fetched
 * (paused offline, or about to start) is loading, never "Cancelled".
 */
export function shownState(query: Parameters<typeof lookupState>[0]): LookupState {
  const state = lookupState(query)
  return state.status === 'not-fetched' ? LOADING : state
}

/** The growth period the rows' figures cover (the first answered), for labels. */
export function growthPeriodOf(rows: readonly BedRow[]): string | undefined {
  return rows
    .flatMap((row) => [row.growthFraction.rent?.period, row.growthFraction.sale?.period])
    .find(Boolean)
}

/** The price an answered price cell shows, in its own currency. */
export function priceOf(cell: FigureCellState): PriceFigure | undefined {
  return cell.status === 'ok' && cell.currency
    ? { price: cell.value, currency: cell.currency }
    : undefined
}

/**
 * One row per bed type: its cells (a price's amount in the display currency too), growth as a
 * fraction in the configured unit, and gross yield.
 */
export function buildBedRows(
  bedTypes: readonly BedType[],
  answers: readonly ComboAnswer[],
  settings: Pick<Settings, 'growthUnit' | 'rentPeriod' | 'growthMeaning'>,
  display: DisplayCurrencyPrefs = NO_DISPLAY_CURRENCY
): BedRow[] {
  const options = { settings, display, compact: false }
  return bedTypes.map(({ value: beds }) => {
    const [rent, sale] = (['rent', 'sale'] as const).map((type) =>
      answers.find((one) => one.beds === beds && one.type === type)
    )
    // A combination found without data on an earlier visit reads as that answer, not asked again.
    const stateOf = (answer: ComboAnswer | undefined, lookup: 'price' | 'growth') =>
      answer?.remembered ? REMEMBERED : (answer?.[lookup] ?? LOADING)
    const figures = locationFigures(
      {
        rent: stateOf(rent, 'price'),
        sale: stateOf(sale, 'price'),
        growth: stateOf(rent, 'growth')
      },
      options
    )
    const saleGrowth = locationFigures({ growth: stateOf(sale, 'growth') }, options)
    const cell = (id: FigureId, of = figures): FigureCellState => of.cells[id] ?? LOADING
    const price = { rent: cell('rent'), sale: cell('sale') }
    const fractionOf = ({ growth }: LocationFigures) => growth && growthValue(growth, settings)
    return {
      beds,
      label: bedTypeLabel(beds, bedTypes),
      price,
      growth: { rent: cell('growth'), sale: cell('growth', saleGrowth) },
      growthFraction: { rent: fractionOf(figures), sale: fractionOf(saleGrowth) },
      yield: cell('yield'),
      noData: price.rent.status === 'no-data' && price.sale.status === 'no-data',
      remembered: Boolean(rent?.remembered || sale?.remembered)
    }
  })
}

/** The query failed; "no data" (NOT_FOUND) is an answer, not a failure. */
export function isFailure(query: { error: MarketQueryError | null }): boolean {
  return query.error !== null && query.error !== undefined && query.error.code !== 'NOT_FOUND'
}
