import { GROWTH_MEANING_WORDS } from '@shared/growth'
import type { Settings } from '@shared/settings'
import type { ColumnSpec, RankRow } from './rankings-cells'
import { columnGroups } from './rankings-sort'
import type { SortState } from './rankings-sort'

/** How the table ranks: within a currency or on converted values, and what the shading means. */
export function RankingsNotes(props: {
  rows: readonly RankRow[]
  specs: readonly ColumnSpec[]
  sort: SortState
  displayCurrency: string | null
  settings: Pick<Settings, 'growthMeaning'>
}) {
  const moneySpecs = props.specs.filter((spec) => spec.money)
  const currencies = props.displayCurrency
    ? []
    : [...new Set(moneySpecs.flatMap((spec) => columnGroups(props.rows, spec.id)))].sort()
  return (
    <div className="rankings-notes" data-testid="rankings-notes">
      <p className="muted rankings-legend">
        <span className="heat-legend" aria-hidden="true">
          <span className="heat heat-0" />
          <span className="heat heat-2" />
          <span className="heat heat-4" />
        </span>
        Darker shading is better within each column (and the rank and the words Best and Worst say
        the same). Growth is {GROWTH_MEANING_WORDS[props.settings.growthMeaning]}. Pending, not
        fetched and failed rows are never ranked.
      </p>
      {props.displayCurrency ? (
        <p className="notice" role="note" data-testid="rankings-converted-note">
          Prices are ranked on values converted to {props.displayCurrency} with the rates you
          entered in Settings (each converted figure names its rate&apos;s date). A price with no
          rate is shown but not ranked.
        </p>
      ) : currencies.length > 1 ? (
        <p className="notice" role="note" data-testid="rankings-currency-note">
          Prices are in {currencies.join(', ')}: each currency is ranked on its own, never against
          another (yield and growth are ratios and rank across all). Choose a display currency in
          Settings to rank converted values.
        </p>
      ) : null}
    </div>
  )
}
