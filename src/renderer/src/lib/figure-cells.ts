/**
 * The figure cells Compare and Rankings show, and their CSV exports read: a price (converted to
 * the display currency or not), a gross yield with its formula, a growth figure in both readings.
 * Texts are made when a cell is read (a row in view), not for every row ranked.
 */
import type { Settings } from '@shared/settings'
import { grossYield } from '@shared/figures/figures'
import type { GrowthFigure, Money, PriceFigure, RentPeriod } from '@shared/figures/figures'
import { convert, convertedParts } from './currency-conversion'
import type { DisplayCurrencyPrefs } from './currency-conversion'
import { formatGrowthReadings, formatMoney, formatPercent, formatPrice } from './format'
import type { GrowthReadings } from './format'
import { growthLabel, growthToFraction } from './growth'

/** An answered figure. */
export interface FigureCell {
  status: 'ok'
  value: number
  readonly text: string
  readonly tooltip: string
  /** What the cell is compared by (the converted amount when converting); none: not compared. */
  rankValue: number | undefined
  /** Values compare only within one group: a currency (per its unit), or '' for ratios. */
  group: string
  /** A price's own currency and unit (land: per sqm, per plot). */
  currency?: string
  unit?: string
  /** "≈ USD 81,000" and "(rate of 2026-11-01)" when a display currency converts a price. */
  converted?: { approx: string; rate: string }
  /** Why a price is shown but not compared (no rate to the display currency). */
  unrankedReason?: string
  /** Growth in both readings: the text is the stated one. */
  readonly readings?: GrowthReadings
}

export type NoDataCell = { status: 'no-data'; reason: string }

export const noData = (reason: string): NoDataCell => ({ status: 'no-data', reason })

/** Why a chart leaves a location or bed type out, from the statuses of the figures it needs. */
export function whyNotShown(statuses: ReadonlyArray<string | undefined>): string {
  if (statuses.includes('loading')) return 'still loading'
  if (statuses.includes('error')) return 'could not be loaded'
  return statuses.every((status) => status === 'ok') ? 'not comparable' : 'no data'
}

type Fields = Omit<FigureCell, 'status' | 'text' | 'tooltip' | 'readings'>

/** A cell whose texts are made on first read, then kept. */
function lazyCell(
  fields: Fields,
  text: () => string,
  tooltip: () => string,
  readings?: () => GrowthReadings
): FigureCell {
  const shown: { text?: string; tooltip?: string } = {}
  return {
    status: 'ok',
    ...fields,
    get text() {
      return (shown.text ??= text())
    },
    get tooltip() {
      return (shown.tooltip ??= tooltip())
    },
    get readings() {
      return readings?.()
    }
  }
}

/**
 * A price: "NGN 90,000 / sqm" (compact from a million up, or always with `compact`), its exact
 * figure and what it is (`about`) as the tooltip. With a display currency it compares on the
 * converted amount; with no rate to it, it is shown and not compared.
 */
export function priceCell(
  { price: amount, currency, unit }: PriceFigure,
  about: string,
  display: DisplayCurrencyPrefs,
  { signed = false, compact = false }: { signed?: boolean; compact?: boolean } = {}
): FigureCell {
  const per = unit ? ` / ${unit}` : ''
  const text = () => {
    const shown = compact
      ? formatMoney(amount, currency, { compact: true })
      : formatPrice(amount, currency).text
    return `${signed && amount > 0 ? `+${shown}` : shown}${per}`
  }
  const converted = display.currency ? convert(amount, currency, display) : undefined
  const parts = converted?.ok ? convertedParts(amount, currency, display) : undefined
  return lazyCell(
    {
      value: amount,
      rankValue: converted === undefined ? amount : converted.ok ? converted.amount : undefined,
      group: `${converted?.ok ? converted.currency : currency}${per}`,
      currency,
      ...(unit ? { unit } : {}),
      ...(converted?.ok === false ? { unrankedReason: converted.reason } : {}),
      ...(parts ? { converted: parts } : {})
    },
    text,
    () => `${formatPrice(amount, currency).exact}${per}: ${about}`
  )
}

/** "Gross yield = annual rent ÷ sale price = (NGN 250,000 × 12) ÷ NGN 50,000,000 = 6.00%". */
function yieldFormula(rent: Money, sale: Money, rentPeriod: RentPeriod, fraction: number): string {
  const rentText =
    rentPeriod === 'month'
      ? `(${formatMoney(rent.amount, rent.currency)} × 12)`
      : formatMoney(rent.amount, rent.currency)
  return (
    `Gross yield = annual rent ÷ sale price = ${rentText} ÷ ` +
    `${formatMoney(sale.amount, sale.currency)} = ${formatPercent(fraction)}`
  )
}

/** Gross yield (the shared formula) from a rent and a sale price, its working as the tooltip. */
export function yieldCell(
  rent: PriceFigure,
  sale: PriceFigure,
  rentPeriod: RentPeriod
): FigureCell | NoDataCell {
  const rentMoney = { amount: rent.price, currency: rent.currency }
  const saleMoney = { amount: sale.price, currency: sale.currency }
  const outcome = grossYield(rentMoney, saleMoney, rentPeriod)
  if (!outcome.ok) return noData(outcome.reason)
  const { fraction } = outcome
  return lazyCell(
    { value: fraction, rankValue: fraction, group: '' },
    () => formatPercent(fraction),
    () => yieldFormula(rentMoney, saleMoney, rentPeriod, fraction)
  )
}

/** Growth as the settings read it: the stated reading, the other one under it. */
export function growthCell(
  figure: GrowthFigure,
  settings: Pick<Settings, 'growthUnit' | 'growthMeaning'>
): FigureCell {
  const fraction = growthToFraction(figure.growth, settings.growthUnit)
  let shown: GrowthReadings | undefined
  const readings = () =>
    (shown ??= formatGrowthReadings(fraction, settings.growthMeaning, figure.period))
  return lazyCell(
    { value: fraction, rankValue: fraction, group: '' },
    () => readings().stated,
    () => `Growth, ${growthLabel(settings.growthMeaning, figure.period)}: ${readings().text}`,
    readings
  )
}
