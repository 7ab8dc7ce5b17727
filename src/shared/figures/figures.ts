/**
 * The market figures the app reads, one definition shared by the screens (location, compare,
 * rankings), the exports and the CLI: their shapes, how an untrusted value (a cached entry, a
 * batch item) is checked before use, and the gross yield worked out from two of them.
 */
import { z } from 'zod'
import type { Settings } from '../settings'

/** A price as a lookup answers it: residential (rent or sale) or land (`unit`: per what). */
const PriceFigureSchema = z.object({
  price: z.number(),
  currency: z.string(),
  unit: z.string().min(1).optional().catch(undefined)
})
export type PriceFigure = z.infer<typeof PriceFigureSchema>

/** Average growth over a period, as the service states it (unit and meaning per Settings). */
const GrowthFigureSchema = z.object({ growth: z.number(), period: z.string() })
export type GrowthFigure = z.infer<typeof GrowthFigureSchema>

/** A price payload (residential or land), or undefined when it is not one. */
export const asPriceFigure = (payload: unknown): PriceFigure | undefined =>
  PriceFigureSchema.safeParse(payload).data

export const asGrowthFigure = (payload: unknown): GrowthFigure | undefined =>
  GrowthFigureSchema.safeParse(payload).data

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
  if (rent.currency !== sale.currency)
    return { ok: false, reason: `Rent is in ${rent.currency} and sale in ${sale.currency}` }
  if (!(sale.amount > 0)) return { ok: false, reason: 'The sale price is zero' }
  const yearly = annualRent(rent.amount, rentPeriod)
  return { ok: true, fraction: yearly / sale.amount, annualRent: yearly }
}
