import { useEffect } from 'react'
import type { Settings } from '@shared/settings'
import type { Sector } from '@shared/spec'
import { useStores } from '../../data/app-deps'
import { navigate } from '../../lib/navigation'
import { ArrowLeftIcon, ColumnsIcon, MapPinOffIcon, StarIcon } from '../../components/icons'
import { EmptyState } from '../../components/EmptyState'
import { LoadingOrWait } from '../../components/ServiceNotice'
import { addedToCompare, useToast } from '../../components/Toasts'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'
import { addToCompare, MAX_COMPARE, pushRecent, toggleSaved } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'
import { LandView } from './LandView'
import { ResidentialView } from './ResidentialView'
import { useLocationLookup } from './use-location-ref'
import type { LocationCheck } from './use-location-ref'
import { ExportReportButton } from './ExportReportButton'
import './location.css'
import './report-print.css'
import { ScreenTitle } from '../../components/ScreenHeader'

/** While the list is checked, or when it cannot be: said above the figures. */
function LocationCheckNotice(props: { check: LocationCheck; location: LocationRef }) {
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
function UnlistedLocation(props: { location: LocationRef }) {
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

export function LocationScreen(props: {
  sector: Sector
  countryCode: string
  slug: string
  settings: Settings
}) {
  const { location, check } = useLocationLookup(props.sector, props.countryCode, props.slug)
  const listed = check.status === 'listed'
  const stores = useStores()
  const notify = useToast()
  const saved = useStoreValue(stores.saved)
  const compare = useStoreValue(stores.compare)
  const key = locationKey(location)
  const isSaved = saved.some((ref) => locationKey(ref) === key)
  const inCompare = compare.some((ref) => locationKey(ref) === key)
  const compareFull = compare.length >= MAX_COMPARE

  useEffect(() => {
    if (listed) stores.recent.set((list) => pushRecent(list, location))
  }, [stores.recent, location, listed])
  const actionsShown = listed || check.status === 'unverified'

  const place = [location.city, location.country].filter(Boolean).join(', ')
  return (
    <div className="screen" data-testid="screen-location">
      <header className="screen-header location-header">
        <div className="location-title">
          <button
            type="button"
            className="btn btn-ghost btn-small back-link"
            onClick={() => navigate({ screen: 'explore', sector: location.sector })}
          >
            <ArrowLeftIcon size={14} /> Explore
          </button>
          <span className="report-only report-kicker">Market Explorer · location report</span>
          <ScreenTitle testId="location-name">{location.name}</ScreenTitle>
          <p className="muted cluster">
            {place ? `${place} · ` : ''}
            <span className="badge mono">{location.countryCode}</span>{' '}
            <span className="badge">{location.sector === 'land' ? 'Land' : 'Residential'}</span>
          </p>
        </div>
        {actionsShown ? (
          <div className="cluster location-actions">
            <button
              type="button"
              className="btn"
              aria-pressed={isSaved}
              onClick={() => stores.saved.set((list) => toggleSaved(list, location))}
              data-testid="save-location"
            >
              <StarIcon size={14} filled={isSaved} /> {isSaved ? 'Saved' : 'Save'}
            </button>
            <button
              type="button"
              className="btn"
              disabled={inCompare || compareFull}
              title={
                compareFull && !inCompare
                  ? `Compare holds up to ${MAX_COMPARE} locations`
                  : undefined
              }
              onClick={() => {
                stores.compare.set((list) => addToCompare(list, location))
                notify(addedToCompare(location.name))
              }}
              data-testid="add-to-compare"
            >
              <ColumnsIcon size={14} /> {inCompare ? 'In compare' : 'Add to compare'}
            </button>
            <ExportReportButton location={location} settings={props.settings} />
          </div>
        ) : null}
      </header>
      <LocationCheckNotice check={check} location={location} />
      {check.status === 'unlisted' ? (
        <UnlistedLocation location={location} />
      ) : check.status === 'checking' ? null : location.sector === 'land' ? (
        <LandView key={key} location={location} settings={props.settings} />
      ) : (
        <ResidentialView key={key} location={location} settings={props.settings} />
      )}
    </div>
  )
}
