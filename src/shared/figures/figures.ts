/**
 * The market figures the app reads, one definition shared by the screens (location, compare,
 * rankings), the exports and the CLI: their shapes, how an untrusted value (a cached entry, a
 * batch item) is checked before use, and the gross yield worked out from two of them.
 */
import type { Settings } from '../settings'
import { isRecord } from '../validation'

/** A price as a lookup answers it: residential (rent or sale) or land (`unit`: per what). */
export interface PriceFigure {
  price: number
  currency: string
  unit?: string
}

/** Average growth over a period, as the service states it (unit and meaning per Settings). */
export interface GrowthFigure {
  growth: number
  period: string
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

/** A price payload (residential or land), or undefined when it is not one. */
export function asPriceFigure(payload: unknown): PriceFigure | undefined {
  if (!isRecord(payload)) return undefined
  const { price, currency, unit } = payload
  if (!isNumber(price) || typeof currency !== 'string') return undefined
  return typeof unit === 'string' && unit ? { price, currency, unit } : { price, currency }
}

/** A growth payload, or undefined when it is not one. */
export function asGrowthFigure(payload: unknown): GrowthFigure | undefined {
  if (!isRecord(payload)) return undefined
  const { growth, period } = payload
  return isNumber(growth) && typeof period === 'string' ? { growth, period } : undefined
}

export type RentPeriod = Settings['rentPeriod']

export interface Money {
  amount: number
  currency: string
}

export type YieldOutcome =
  { ok: true; fraction: number; annualRent: number } | { ok: false; reason: string }

/** Rent quoted per month is multiplied by 12; rent quoted per year is already annual. */
export function annualRent(rent: number, rentPeriod: RentPeriod): number {
  return rentPeriod === 'month' ? rent * 12 : rent
}

/** Gross rental yield = annual rent ÷ sale price, both in one currency. */
export function grossYield(rent: Money, sale: Money, rentPeriod: RentPeriod): YieldOutcome {
  if (rent.currency !== sale.currency) {
    return { ok: false, reason: `Rent is in ${rent.currency} and sale in ${sale.currency}` }
  }
  if (!(sale.amount > 0)) return { ok: false, reason: 'The sale price is zero' }
  const yearly = annualRent(rent.amount, rentPeriod)
  return { ok: true, fraction: yearly / sale.amount, annualRent: yearly }
}
