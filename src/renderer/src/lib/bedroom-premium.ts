/**
 * Per-bedroom premium: what each extra bedroom adds to a price, from the prices of two bed types
 * of one location. Bed values are opaque strings; only plain numbers ("2", "3") count bedrooms.
 */

/** The number of bedrooms a bed value names, when it is a plain number. */
export function bedroomCount(beds: string): number | undefined {
  return /^\d{1,2}$/.test(beds.trim()) ? Number.parseInt(beds, 10) : undefined
}

/**
 * The bed value with the most bedrooms below `beds` among `values` (the user's bed types), so a
 * premium can be measured against it. undefined when `beds` is not a number or nothing is below.
 */
export function nextSmallerBeds(values: readonly string[], beds: string): string | undefined {
  const count = bedroomCount(beds)
  if (count === undefined) return undefined
  let best: { value: string; count: number } | undefined
  for (const value of values) {
    const other = bedroomCount(value)
    if (other === undefined || other >= count) continue
    if (!best || other > best.count) best = { value, count: other }
  }
  return best?.value
}

export interface BedPrice {
  beds: string
  price: number
  currency: string
}

export type PremiumOutcome =
  | { ok: true; perBedroom: number; currency: string; formula: string }
  | { ok: false; reason: string }

/**
 * (larger price − smaller price) ÷ (bedrooms between them). Can be negative (a larger home
 * cheaper): that is reported as it is, not hidden.
 */
export function bedroomPremium(smaller: BedPrice, larger: BedPrice): PremiumOutcome {
  const from = bedroomCount(smaller.beds)
  const to = bedroomCount(larger.beds)
  if (from === undefined || to === undefined) {
    return { ok: false, reason: 'Bed types that are not a number of bedrooms' }
  }
  if (to <= from) return { ok: false, reason: 'The larger bed type must have more bedrooms' }
  if (smaller.currency !== larger.currency) {
    return { ok: false, reason: `Prices in ${smaller.currency} and ${larger.currency}` }
  }
  if (!Number.isFinite(smaller.price) || !Number.isFinite(larger.price)) {
    return { ok: false, reason: 'A price is not a number' }
  }
  const bedrooms = to - from
  const perBedroom = (larger.price - smaller.price) / bedrooms
  const formula =
    `Per-bedroom premium = (${to}-bed price − ${from}-bed price) ÷ ${bedrooms} = ` +
    `(${larger.price} − ${smaller.price}) ÷ ${bedrooms} ${larger.currency}`
  return { ok: true, perBedroom, currency: larger.currency, formula }
}
