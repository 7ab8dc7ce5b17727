import type { Sector } from '@shared/spec'
import { locationRoute, navigate } from '../../lib/navigation'
import type { KeptSearch } from '../../components/search-shortcut'
import { ScreenHeader } from '../../components/ScreenHeader'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { LocationPicker } from '../../components/location-picker/LocationPicker'
import { SECTOR_OPTIONS } from '../../lib/sector-options'

/** `search` is kept by the app shell, so it survives switching sector and coming back. */
export function ExploreScreen(props: { sector: Sector; search: KeptSearch }) {
  return (
    <div className="screen screen-fill" data-testid="screen-explore">
      {/* The search field, not the title, takes focus on opening. */}
      <ScreenHeader
        title="Explore"
        subtitle="Find a neighbourhood, then open it for prices, rental yield and 5-year growth."
        takeFocus={false}
      >
        <ChoiceGroup
          hideLegend
          legend="Property sector"
          choices={SECTOR_OPTIONS}
          value={props.sector}
          onChange={(sector) => navigate({ screen: 'explore', sector })}
          testId="sector-tabs"
        />
      </ScreenHeader>
      <LocationPicker
        key={props.sector}
        sector={props.sector}
        onChoose={(ref) => navigate(locationRoute(ref))}
        {...props.search}
        autoFocus="if-lost"
        label={props.sector === 'land' ? 'Land locations' : 'Residential locations'}
      />
    </div>
  )
}
