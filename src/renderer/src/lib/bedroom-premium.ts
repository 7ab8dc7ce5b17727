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
  const below = values.filter((value) => (bedroomCount(value) ?? Infinity) < count)
  return below.sort((a, b) => (bedroomCount(b) ?? 0) - (bedroomCount(a) ?? 0))[0]
}

interface BedPrice {
  beds: string
  price: number
  currency: string
}

type PremiumOutcome =
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

interface BedValue {
  beds: string
  /** The figure (sale price or rent); undefined when the service has none. */
  value: number | undefined
  currency: string
}

/**
 * Every step from one bed type to the next (in the order given), spread over the bedrooms between
 * them when both bed values are numbers ("1" → "3" is two bedrooms), else counted as one step. Bed
 * types without a value are skipped, so a step may span a gap; different currencies are never
 * compared. (The location screen's table; rankings use bedroomPremium for one pair.)
 */
export function bedroomPremiumSteps(values: readonly BedValue[]) {
  const known = values.filter(
    (entry): entry is BedValue & { value: number } =>
      entry.value !== undefined && Number.isFinite(entry.value) && entry.value > 0
  )
  return known.slice(1).flatMap((to, index) => {
    const from = known[index]
    if (!from || from.currency !== to.currency) return []
    const [a, b] = [bedroomCount(from.beds), bedroomCount(to.beds)]
    // 1 when the bed values are not numbers of bedrooms.
    const bedrooms = a !== undefined && b !== undefined && b > a ? b - a : 1
    const added = to.value - from.value
    return [
      {
        fromBeds: from.beds,
        toBeds: to.beds,
        added,
        bedrooms,
        /** What one extra bedroom adds: added ÷ bedrooms. */
        perBedroom: added / bedrooms,
        /** The step as a share of the smaller bed type's value. */
        fraction: added / from.value,
        currency: to.currency
      }
    ]
  })
}
export type BedroomPremium = ReturnType<typeof bedroomPremiumSteps>[number]
