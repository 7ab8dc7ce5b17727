/**
 * One location's figures as the location screen, Compare and Rankings show them: each lookup's
 * state as the query cache holds it, and the cells built from the answers (prices, gross yield,
 * growth, per-bedroom premium).
 */
import type { LookupRequest } from '@shared/contract'
import { asGrowthFigure, asPriceFigure } from '@shared/figures/figures'
import type { GrowthFigure, PriceFigure } from '@shared/figures/figures'
import type { Settings } from '@shared/settings'
import type { TransactionType } from '@shared/spec'
import { bedroomPremium } from '../lib/bedroom-premium'
import type { DisplayCurrencyPrefs } from '../lib/currency-conversion'
import { growthCell, noData, priceCell, yieldCell } from '../lib/figure-cells'
import type { FigureCell, NoDataCell } from '../lib/figure-cells'
import type { LocationLookups } from '../lib/location-lookups'
import { isNoDataAnswer } from '../offline-cache/cache-record'
import { MarketQueryError } from './market-result'
import type { MarketData, Provenance } from './market-result'

/** One lookup as the screens read it from the query cache. */
export type LookupState =
  | { status: 'ok'; data: unknown; meta: Provenance }
  /** Being fetched now. */
  | { status: 'loading' }
  /** Neither cached nor being fetched (never asked, or its fetch was cancelled). */
  | { status: 'not-fetched' }
  | { status: 'error'; error: MarketQueryError }

const LOADING: LookupState = { status: 'loading' }
const NOT_FETCHED: LookupState = { status: 'not-fetched' }

/** A lookup's query state (a Query's, or a useQueries result) as the screens read it. */
export function lookupState(
  query: { data: unknown; error: unknown; fetchStatus: string } | undefined
): LookupState {
  if (!query) return NOT_FETCHED
  const data = query.data as MarketData<unknown> | undefined
  if (data !== undefined) return { status: 'ok', data: data.data, meta: data.meta }
  if (query.fetchStatus === 'fetching') return LOADING
  return query.error ? { status: 'error', error: query.error as MarketQueryError } : NOT_FETCHED
}

export type FigureId = 'sale' | 'rent' | 'land' | 'yield' | 'growth' | 'premium'

/** A shown figure with where and when it comes from, "no data" and why, or its lookup's state. */
export type FigureCellState =
  | (FigureCell & { meta: Provenance })
  | NoDataCell
  | { status: 'loading' }
  | { status: 'error'; error: MarketQueryError }

/** The lookups of one location's figures: those of its screen, and a smaller bed type's price. */
export type FigureLookups = LocationLookups & { smallerPrice?: LookupRequest }

export interface FigureOptions {
  settings: Pick<Settings, 'growthUnit' | 'growthMeaning' | 'rentPeriod'>
  display: DisplayCurrencyPrefs
  /** Prices always compact ("NGN 6K"), for a dense table; else compact from a million up. */
  compact: boolean
  /** What a price is, in its tooltip (default: the average sale, rent or land price). */
  priceAbout?: (figure: PriceFigure) => string
  /** The per-bedroom premium of the chosen type and bed type over the smaller bed type's. */
  premium?: { type: TransactionType; beds: string; smallerBeds: string }
}

/** The state of each of a location's lookups. */
export type FigureStates = { [K in keyof FigureLookups]: LookupState }

export interface LocationFigures {
  cells: Partial<Record<FigureId, FigureCellState>>
  metas: Provenance[]
  growth?: GrowthFigure
}

export function readFigures(
  lookups: FigureLookups,
  read: (request: LookupRequest) => LookupState
): FigureStates {
  const states: FigureStates = { growth: read(lookups.growth) }
  for (const id of ['sale', 'rent', 'land', 'smallerPrice'] as const) {
    const request = lookups[id]
    if (request) states[id] = read(request)
  }
  return states
}

/** Where and when the answered lookups come from (sale, rent, land, growth, smaller price). */
export function metasOf(states: FigureStates): Provenance[] {
  const { sale, rent, land, growth, smallerPrice } = states
  return [sale, rent, land, growth, smallerPrice].flatMap((s) =>
    s?.status === 'ok' ? [s.meta] : []
  )
}

const NOT_LOOKED_UP = new MarketQueryError({
  code: 'CANCELLED',
  message: 'Not looked up: the lookup was cancelled.'
})

function notOk(state: Exclude<LookupState, { status: 'ok' }>): FigureCellState {
  if (state.status === 'loading') return state
  if (state.status === 'not-fetched') return { status: 'error', error: NOT_LOOKED_UP }
  return isNoDataAnswer(state.error) ? noData(state.error.message) : state
}

const withMeta = (cell: FigureCell | NoDataCell, meta: Provenance): FigureCellState =>
  cell.status === 'ok' ? Object.assign(cell, { meta }) : cell

const olderMeta = (a: Provenance, b: Provenance): Provenance =>
  new Date(a.fetchedAt) < new Date(b.fetchedAt) ? a : b

/** A lookup's figure, when it answered one that reads as `read` expects. */
function answered<T>(state: LookupState | undefined, read: (data: unknown) => T | undefined) {
  const figure = state?.status === 'ok' ? read(state.data) : undefined
  return figure && state?.status === 'ok' ? { figure, meta: state.meta } : undefined
}

/** One location's cells: each figure it has a lookup for, answered or not. */
export function locationFigures(states: FigureStates, options: FigureOptions): LocationFigures {
  const { settings, display } = options
  const { sale, rent, land, growth, smallerPrice: smaller } = states
  const cells: LocationFigures['cells'] = {}
  const cellOf = (state: LookupState, shown: FigureCellState | undefined) =>
    state.status === 'ok' ? (shown ?? noData('No data')) : notOk(state)

  const priceCellOf = (state: LookupState, what: string) => {
    const price = answered(state, asPriceFigure)
    const about = price && (options.priceAbout?.(price.figure) ?? `average ${what}`)
    const { compact } = options
    return cellOf(
      state,
      price && withMeta(priceCell(price.figure, about ?? '', display, { compact }), price.meta)
    )
  }
  if (sale) cells.sale = priceCellOf(sale, 'sale price')
  if (rent) cells.rent = priceCellOf(rent, `rent per ${settings.rentPeriod}`)
  if (land) cells.land = priceCellOf(land, 'land price')

  const salePrice = answered(sale, asPriceFigure)
  const rentPrice = answered(rent, asPriceFigure)
  if (sale && rent) {
    // A price the service has no data for leaves no yield: it needs both.
    const unanswered = [rent, sale].map((s) => s.status !== 'ok' && notOk(s))
    const waiting = unanswered.find((cell) => cell && cell.status !== 'no-data')
    cells.yield = waiting
      ? waiting
      : rentPrice && salePrice
        ? withMeta(
            yieldCell(rentPrice.figure, salePrice.figure, settings.rentPeriod),
            olderMeta(rentPrice.meta, salePrice.meta)
          )
        : noData('Needs both rent and sale price')
  }

  const growthFigure = answered(growth, asGrowthFigure)
  const growthShown =
    growthFigure && withMeta(growthCell(growthFigure.figure, settings), growthFigure.meta)
  cells.growth = cellOf(growth, growthShown)

  const { premium } = options
  if (smaller && premium) {
    const larger = premium.type === 'rent' ? rentPrice : salePrice
    const smallerPrice = answered(smaller, asPriceFigure)
    if (larger && smallerPrice) {
      const outcome = bedroomPremium(
        { beds: premium.smallerBeds, ...smallerPrice.figure },
        { beds: premium.beds, ...larger.figure }
      )
      cells.premium = outcome.ok
        ? withMeta(
            priceCell(
              { price: outcome.perBedroom, currency: outcome.currency },
              outcome.formula,
              display,
              { signed: true, compact: true }
            ),
            olderMeta(smallerPrice.meta, larger.meta)
          )
        : noData(outcome.reason)
    } else {
      cells.premium = noData(`Needs the ${premium.smallerBeds}-bed and ${premium.beds}-bed prices`)
    }
  }
  const metas = metasOf(states)
  return { cells, metas, ...(growthFigure ? { growth: growthFigure.figure } : {}) }
}
