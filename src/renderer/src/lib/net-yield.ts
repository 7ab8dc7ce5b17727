/**
 * Net yield and a tenant's move-in cash from the user's own assumptions (never the service's):
 * - net annual rent = annual rent × (12 − vacancy months) ÷ 12 − service charge % × annual rent
 * - net yield = net annual rent ÷ sale price
 * - move-in cash = annual rent × years paid upfront + agency and legal fees % × annual rent
 */
import { z } from 'zod'

export const YIELD_LIMITS = {
  serviceChargePercent: { min: 0, max: 100 },
  vacancyMonths: { min: 0, max: 12 },
  feesPercent: { min: 0, max: 100 },
  upfrontYears: { min: 0, max: 10 }
} as const

export type AssumptionField = keyof typeof YIELD_LIMITS

const bounded = (field: AssumptionField) =>
  z.number().finite().min(YIELD_LIMITS[field].min).max(YIELD_LIMITS[field].max)

export const YieldAssumptionsSchema = z.object({
  serviceChargePercent: bounded('serviceChargePercent'),
  vacancyMonths: bounded('vacancyMonths'),
  feesPercent: bounded('feesPercent'),
  upfrontYears: bounded('upfrontYears')
})
export type YieldAssumptions = z.infer<typeof YieldAssumptionsSchema>

/** Starting assumptions, for the user to change: agency 10 % + legal 10 %, one year upfront,
 * one month vacant, 10 % service charge. */
export const DEFAULT_YIELD_ASSUMPTIONS: YieldAssumptions = {
  serviceChargePercent: 10,
  vacancyMonths: 1,
  feesPercent: 20,
  upfrontYears: 1
}

export function netYield(annualRent: number, salePrice: number, assumptions: YieldAssumptions) {
  if (!(annualRent > 0) || !(salePrice > 0)) return undefined
  const vacancyLoss = (annualRent * assumptions.vacancyMonths) / 12
  const serviceCharge = (annualRent * assumptions.serviceChargePercent) / 100
  /** Rent collected in a year, less vacancy and service charge. */
  const netAnnualRent = annualRent - vacancyLoss - serviceCharge
  const fees = (annualRent * assumptions.feesPercent) / 100
  const upfrontRent = annualRent * assumptions.upfrontYears
  return {
    netAnnualRent,
    /** Net annual rent ÷ sale price. */
    fraction: netAnnualRent / salePrice,
    /** What a tenant pays before moving in: rent upfront plus fees. */
    moveInCash: upfrontRent + fees,
    vacancyLoss,
    serviceCharge,
    fees,
    upfrontRent
  }
}

/** A typed field's number, or why it cannot be used (the text itself is kept by the form). */
export function parseAssumption(
  field: AssumptionField,
  text: string
): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/,/g, '')
  const { min, max } = YIELD_LIMITS[field]
  if (trimmed === '') return { ok: false, message: 'Enter a number' }
  const value = Number(trimmed)
  if (!Number.isFinite(value)) return { ok: false, message: `“${text.trim()}” is not a number` }
  if (value < min || value > max) return { ok: false, message: `Enter ${min} to ${max}` }
  return { ok: true, value }
}

const plural = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`

/** The assumptions in one line, shown next to every figure that uses them. */
export function assumptionsSummary(assumptions: YieldAssumptions): string {
  return [
    `service charge ${assumptions.serviceChargePercent} % of rent`,
    `${plural(assumptions.vacancyMonths, 'month', 'months')} vacant a year`,
    `agency and legal fees ${assumptions.feesPercent} % of the first year's rent`,
    `${plural(assumptions.upfrontYears, 'year', 'years')} of rent paid upfront`
  ].join(' · ')
}
