import type { Settings } from '@shared/settings'
import { formatMoney, formatPercent } from './format'

export type RentPeriod = Settings['rentPeriod']

export interface Money {
  amount: number
  currency: string
}

export type YieldOutcome =
  | { ok: true; fraction: number; annualRent: number; formula: string }
  | { ok: false; reason: string }

/** Rent quoted per month is multiplied by 12; rent quoted per year is already annual. */
export function annualRent(rent: number, rentPeriod: RentPeriod): number {
  return rentPeriod === 'month' ? rent * 12 : rent
}

/** Gross rental yield = annual rent ÷ sale price, with the formula spelt out for a tooltip. */
export function grossYield(rent: Money, sale: Money, rentPeriod: RentPeriod): YieldOutcome {
  if (rent.currency !== sale.currency) {
    return { ok: false, reason: `Rent is in ${rent.currency} and sale in ${sale.currency}` }
  }
  if (!(sale.amount > 0)) return { ok: false, reason: 'The sale price is zero' }
  const yearly = annualRent(rent.amount, rentPeriod)
  const fraction = yearly / sale.amount
  const rentText =
    rentPeriod === 'month'
      ? `(${formatMoney(rent.amount, rent.currency)} × 12)`
      : formatMoney(rent.amount, rent.currency)
  const formula =
    `Gross yield = annual rent ÷ sale price = ${rentText} ÷ ` +
    `${formatMoney(sale.amount, sale.currency)} = ${formatPercent(fraction)}`
  return { ok: true, fraction, annualRent: yearly, formula }
}
