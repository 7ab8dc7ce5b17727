export type BestRule = 'lowest' | 'highest'

interface ComparableValue {
  value: number | undefined
  /** e.g. a currency code; values in different units are never compared. */
  unit?: string
}

interface BestValueOutcome {
  /** Indexes of the best value(s); ties are all best. Empty when fewer than two values compare. */
  best: Set<number>
  /** True when the values are in more than one unit, so no best is picked. */
  mixedUnits: boolean
}

export function findBest(values: readonly ComparableValue[], rule: BestRule): BestValueOutcome {
  const present = values
    .map((cell, index) => ({ ...cell, index }))
    .filter((cell): cell is { value: number; unit?: string; index: number } =>
      Number.isFinite(cell.value)
    )
  const units = new Set(present.map((cell) => cell.unit ?? ''))
  if (units.size > 1) return { best: new Set(), mixedUnits: true }
  if (present.length < 2) return { best: new Set(), mixedUnits: false }
  const target = (rule === 'lowest' ? Math.min : Math.max)(...present.map((cell) => cell.value))
  return {
    best: new Set(present.filter((cell) => cell.value === target).map((cell) => cell.index)),
    mixedUnits: false
  }
}

/** Which value of a figure is best, and whose view that is when it is not obvious. */
export interface BestRuleOf {
  rule: BestRule
  view?: string
}

/**
 * Whose "best" a price is: a buyer wants the lowest sale (or land) price; for rent the app takes
 * the investor's side (this is a tool for people comparing returns), so the highest rent is best.
 */
export const PRICE_RULES = {
  sale: { rule: 'lowest', view: "buyer's view" },
  land: { rule: 'lowest', view: "buyer's view" },
  rent: { rule: 'highest', view: "landlord's view" }
} as const satisfies Record<string, BestRuleOf>

/** "highest is best (landlord's view)". */
export function ruleText({ rule, view }: BestRuleOf): string {
  return `${rule} is best${view ? ` (${view})` : ''}`
}
