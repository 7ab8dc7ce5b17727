import { useStores } from '../data/app-deps'
import { convertedParts } from '../lib/currency-conversion'
import { useStoreValue } from '../stores/persistent-store'
import './converted-figure.css'

/**
 * A price in the display currency, as a secondary figure: "≈ USD 81,000 (rate of 2026-11-01)".
 * Nothing when no display currency is chosen, the price is already in it, or no rate is entered.
 */
export function ConvertedFigure(props: { amount: number; currency: string }) {
  const prefs = useStoreValue(useStores().displayCurrency)
  const parts = convertedParts(props.amount, props.currency, prefs)
  // Two unbreakable halves: a narrow column wraps between them, not inside a number.
  return parts ? (
    <span className="converted-figure" data-testid="converted-figure">
      <span className="converted-part">{parts.approx}</span>{' '}
      <span className="converted-part">{parts.rate}</span>
    </span>
  ) : null
}
