/**
 * What each extra bedroom adds: the step from one bed type to the next (in the order given),
 * spread over the bedrooms between them when both bed values are numbers ("1" → "3" is two
 * bedrooms), else counted as one step. Bed types without a value are skipped, so a step may span
 * a gap; values in different currencies are never compared.
 */
export interface BedValue {
  beds: string
  /** The figure (sale price or rent); undefined when the service has none. */
  value: number | undefined
  currency: string
}

export interface BedroomPremium {
  fromBeds: string
  toBeds: string
  /** The whole difference between the two bed types. */
  added: number
  /** Bedrooms between them (1 when the bed values are not numbers). */
  bedrooms: number
  /** What one extra bedroom adds: added ÷ bedrooms. */
  perBedroom: number
  /** The step as a share of the smaller bed type's value. */
  fraction: number
  currency: string
}

function bedroomsBetween(from: string, to: string): number {
  const [a, b] = [Number(from), Number(to)]
  const numeric = /^\d+$/.test(from.trim()) && /^\d+$/.test(to.trim())
  return numeric && b > a ? b - a : 1
}

export function bedroomPremium(values: readonly BedValue[]): BedroomPremium[] {
  const known = values.filter(
    (entry): entry is BedValue & { value: number } =>
      entry.value !== undefined && Number.isFinite(entry.value) && entry.value > 0
  )
  const steps: BedroomPremium[] = []
  for (let index = 1; index < known.length; index += 1) {
    const from = known[index - 1]
    const to = known[index]
    if (!from || !to || from.currency !== to.currency) continue
    const bedrooms = bedroomsBetween(from.beds, to.beds)
    const added = to.value - from.value
    steps.push({
      fromBeds: from.beds,
      toBeds: to.beds,
      added,
      bedrooms,
      perBedroom: added / bedrooms,
      fraction: added / from.value,
      currency: to.currency
    })
  }
  return steps
}
