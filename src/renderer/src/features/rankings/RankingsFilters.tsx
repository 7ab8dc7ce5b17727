import type { BedType } from '@shared/bed-types'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { SelectField } from '../../components/SelectField'
import type { SelectOption } from '../../components/SelectField'
import { bedOptions } from '../../lib/beds'
import { SECTOR_OPTIONS, TRANSACTION_TYPE_OPTIONS } from '../../lib/sector-options'
import type { RankingsView } from '../../stores/app-stores'

/** Sector, transaction type, bed type, country, city and a search: what is ranked. */
export function RankingsFilters(props: {
  view: RankingsView
  beds: string
  bedTypes: readonly BedType[]
  /** Country codes, each labelled "Ghana (GH)". */
  countries: readonly SelectOption[]
  cities: readonly string[]
  query: string
  onQuery: (query: string) => void
  onChange: (patch: Partial<RankingsView>) => void
}) {
  const { view } = props
  return (
    <div className="cluster rankings-filters" data-testid="rankings-filters">
      <ChoiceGroup
        hideLegend
        legend="Sector"
        choices={SECTOR_OPTIONS}
        value={view.sector}
        onChange={(sector) => props.onChange({ sector, country: '', city: '' })}
        testId="rankings-sector"
      />
      {view.sector === 'residential' ? (
        <>
          <ChoiceGroup
            hideLegend
            legend="Transaction type"
            choices={TRANSACTION_TYPE_OPTIONS}
            value={view.type}
            onChange={(type) => props.onChange({ type })}
            testId="rankings-type"
          />
          <SelectField
            label="Bed type"
            value={props.beds}
            options={bedOptions(props.bedTypes)}
            onChange={(beds) => props.onChange({ beds })}
            testId="rankings-beds"
          />
        </>
      ) : null}
      <SelectField
        label="Country"
        value={view.country}
        options={[{ value: '', label: 'All countries' }, ...props.countries]}
        onChange={(country) => props.onChange({ country, city: '' })}
        testId="rankings-country"
      />
      <SelectField
        label="City"
        value={view.city}
        options={[
          { value: '', label: 'All cities' },
          ...props.cities.map((city) => ({ value: city, label: city }))
        ]}
        onChange={(city) => props.onChange({ city })}
        testId="rankings-city"
      />
      <label className="inline-field rankings-search">
        <span className="muted">Search</span>
        <input
          type="search"
          className="input"
          value={props.query}
          placeholder="Name or city"
          onChange={(event) => props.onQuery(event.target.value)}
          data-testid="rankings-search"
        />
      </label>
    </div>
  )
}
