import { useEffect, useState } from 'react'
import type { Sector } from '@shared/spec'
import { isSearchShortcut, useFocusRequests } from '../../components/search-shortcut'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import type { LocationRef } from '../../lib/location-ref'
import { LocationPicker } from '../../components/location-picker/LocationPicker'
import { SECTOR_OPTIONS } from '../../lib/sector-options'

/** The location picker in a panel: choosing a location adds it to the comparison. */
export function AddLocationPanel(props: {
  initialSector: Sector
  onChoose: (ref: LocationRef) => void
  onClose: () => void
}) {
  const [sector, setSector] = useState<Sector>(props.initialSector)
  const { focusRequest, request } = useFocusRequests()
  // Whatever had focus when the panel opened (its opener) gets it back when the panel closes.
  const [opener] = useState(() => document.activeElement)
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    },
    [opener]
  )
  return (
    <div
      className="add-panel card"
      role="dialog"
      aria-label="Add a location to compare"
      data-testid="add-location-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onClose()
        // The search shortcut searches here (the app-wide one would leave for Explore).
        if (isSearchShortcut(event)) {
          event.preventDefault()
          request()
        }
      }}
    >
      <div className="cluster add-panel-header">
        <ChoiceGroup
          hideLegend
          legend="Sector to add from"
          choices={SECTOR_OPTIONS}
          value={sector}
          onChange={setSector}
        />
        <button type="button" className="btn btn-small" onClick={props.onClose}>
          Done
        </button>
      </div>
      <LocationPicker
        key={sector}
        sector={sector}
        onChoose={props.onChoose}
        autoFocus="always"
        focusRequest={focusRequest}
        label="Locations to add"
      />
    </div>
  )
}
