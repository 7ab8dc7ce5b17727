import { annualRent, grossYield } from '@shared/figures/figures'
import type { Money, RentPeriod } from '@shared/figures/figures'
import { formatMoney, formatPercent } from './format'

/** The gross yield (shared formula) with its working spelt out, for a tooltip. */
export type ShownYield =
  | { ok: true; fraction: number; annualRent: number; formula: string }
  | { ok: false; reason: string }

export function yieldWithFormula(rent: Money, sale: Money, rentPeriod: RentPeriod): ShownYield {
  const outcome = grossYield(rent, sale, rentPeriod)
  if (!outcome.ok) return outcome
  return { ...outcome, formula: yieldFormula(rent, sale, rentPeriod, outcome.fraction) }
}

/** "Gross yield = annual rent ÷ sale price = (NGN 250,000 × 12) ÷ NGN 50,000,000 = 6.00%". */
export function yieldFormula(
  rent: Money,
  sale: Money,
  rentPeriod: RentPeriod,
  fraction: number = annualRent(rent.amount, rentPeriod) / sale.amount
): string {
  const rentText =
    rentPeriod === 'month'
      ? `(${formatMoney(rent.amount, rent.currency)} × 12)`
      : formatMoney(rent.amount, rent.currency)
  return (
    `Gross yield = annual rent ÷ sale price = ${rentText} ÷ ` +
    `${formatMoney(sale.amount, sale.currency)} = ${formatPercent(fraction)}`
  )
}
