import { useId } from 'react'
import type { BedType } from '@shared/bed-types'
import { SegmentedTabs } from '../../components/SegmentedTabs'
import { BedTypeSelect } from '../../components/BedTypeSelect'
import { SECTOR_OPTIONS, TRANSACTION_TYPE_OPTIONS } from '../../lib/sector-options'
import type { RankingsView } from '../../stores/app-stores'

export interface Place {
  code: string
  name: string
}

/** Sector, transaction type, bed type, country, city and a search: what is ranked. */
export function RankingsFilters(props: {
  view: RankingsView
  beds: string
  bedTypes: readonly BedType[]
  countries: readonly Place[]
  cities: readonly string[]
  query: string
  onQuery: (query: string) => void
  onChange: (patch: Partial<RankingsView>) => void
}) {
  const ids = { country: useId(), city: useId(), search: useId() }
  const { view } = props
  return (
    <div className="rankings-filters" data-testid="rankings-filters">
      <SegmentedTabs
        label="Sector"
        options={SECTOR_OPTIONS}
        value={view.sector}
        onChange={(sector) => props.onChange({ sector, country: '', city: '' })}
        testId="rankings-sector"
      />
      {view.sector === 'residential' ? (
        <>
          <SegmentedTabs
            label="Transaction type"
            options={TRANSACTION_TYPE_OPTIONS}
            value={view.type}
            onChange={(type) => props.onChange({ type })}
            testId="rankings-type"
          />
          <BedTypeSelect
            value={props.beds}
            bedTypes={props.bedTypes}
            onChange={(beds) => props.onChange({ beds })}
            testId="rankings-beds"
          />
        </>
      ) : null}
      <label className="inline-field" htmlFor={ids.country}>
        <span className="muted">Country</span>
        <select
          id={ids.country}
          className="select"
          value={view.country}
          onChange={(event) => props.onChange({ country: event.target.value, city: '' })}
          data-testid="rankings-country"
        >
          <option value="">All countries</option>
          {props.countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} ({country.code})
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field" htmlFor={ids.city}>
        <span className="muted">City</span>
        <select
          id={ids.city}
          className="select"
          value={view.city}
          onChange={(event) => props.onChange({ city: event.target.value })}
          data-testid="rankings-city"
        >
          <option value="">All cities</option>
          {props.cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field rankings-search" htmlFor={ids.search}>
        <span className="muted">Search</span>
        <input
          id={ids.search}
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
