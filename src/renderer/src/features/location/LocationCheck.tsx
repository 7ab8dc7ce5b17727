import { navigate } from '../../lib/navigation'
import { EmptyState } from '../../components/EmptyState'
import { MapPinOffIcon } from '../../components/icons'
import { LoadingOrWait } from '../../components/ServiceNotice'
import type { LocationRef } from '../../lib/location-ref'
import type { LocationCheck } from './use-location-ref'

/** While the list is checked, or when it cannot be: said above the figures. */
export function LocationCheckNotice(props: { check: LocationCheck; location: LocationRef }) {
  const { check, location } = props
  if (check.status === 'checking') {
    return (
      <div className="card stack location-checking" role="status" data-testid="location-checking">
        <LoadingOrWait width="40%" label="Checking the service's list of locations" />
        <p className="muted">Checking the service’s list of {location.sector} locations…</p>
        <button type="button" className="btn btn-small" onClick={check.cancel}>
          Cancel
        </button>
      </div>
    )
  }
  if (check.status !== 'unverified') return null
  return (
    <div className="notice location-unverified" role="status" data-testid="location-unverified">
      <p>
        Cannot check that “{location.slug}” is a {location.sector} location of this service: its
        list of locations could not be loaded. {check.error.message} Figures below come from this
        computer’s cache, if any.
      </p>
      <button type="button" className="btn btn-small" onClick={check.retry}>
        Check again
      </button>
    </div>
  )
}

/** A slug the service does not list: say so, and offer the way back to a search. */
export function UnlistedLocation(props: { location: LocationRef }) {
  const { location } = props
  return (
    <EmptyState
      icon={<MapPinOffIcon size={20} />}
      title="Not a location of this service"
      testId="unknown-location"
      action={
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate({ screen: 'explore', sector: location.sector })}
        >
          Search {location.sector} locations
        </button>
      }
    >
      The service lists no {location.sector} location “<span className="mono">{location.slug}</span>
      ” in <span className="mono">{location.countryCode}</span>. The link may be old or mistyped.
    </EmptyState>
  )
}
