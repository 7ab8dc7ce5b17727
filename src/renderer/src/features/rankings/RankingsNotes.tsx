import { GROWTH_MEANING_WORDS } from '@shared/growth'
import type { Settings } from '@shared/settings'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import type { ColumnSpec, RankRow } from './rankings-cells'
import { columnGroups } from './rankings-sort'
import { heatStyle } from './RankingsTable'

/** How the table ranks: within a currency or on converted values, and what the shading means. */
export function RankingsNotes(props: {
  rows: readonly RankRow[]
  specs: readonly ColumnSpec[]
  display: DisplayCurrencyPrefs
  settings: Pick<Settings, 'growthMeaning'>
}) {
  const target = props.display.currency
  // The rates in use, as "1 NGN = 0.00065 USD, 2026-11-01".
  const rates = props.display.rates
    .filter((rate) => rate.to === target || rate.from === target)
    .map((rate) => `1 ${rate.from} = ${rate.rate} ${rate.to}, ${rate.asOf}`)
  const moneySpecs = props.specs.filter((spec) => spec.money)
  const currencies = target
    ? []
    : [...new Set(moneySpecs.flatMap((spec) => columnGroups(props.rows, spec.id)))].sort()
  return (
    <div className="stack" data-testid="rankings-notes">
      <p className="muted small legend-line">
        <span className="heat-legend" aria-hidden="true">
          {[0, 2, 4].map((heat) => (
            <span key={heat} className="heat" style={heatStyle(heat)} />
          ))}
        </span>
        Darker is better in each column (so are the rank and the Best / Worst marks). Growth:{' '}
        {GROWTH_MEANING_WORDS[props.settings.growthMeaning]}. Pending and failed rows are never
        ranked.
      </p>
      {target ? (
        <p className="notice" role="note" data-testid="rankings-converted-note">
          Prices are ranked on values converted to {target} with your rates
          {rates.length > 0 ? ` (${rates.join('; ')})` : ''}; each converted figure names its
          rate&apos;s date when you point at it. A price with no rate is shown, not ranked.
        </p>
      ) : currencies.length > 1 ? (
        <p className="notice" role="note" data-testid="rankings-currency-note">
          Prices in {currencies.join(', ')} are ranked within each currency, never against each
          other (yield and growth rank across all). Choose a display currency in Settings to rank
          converted values.
        </p>
      ) : null}
    </div>
  )
}
