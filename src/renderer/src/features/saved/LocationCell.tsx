import type { LocationPlace, LocationRef } from '../../lib/location-ref'
import { locationRoute, routeToHash } from '../../lib/navigation'

/** A location as the saved lists know it: a ref (city, country), or a cached row's place line. */
type ListedLocation = LocationPlace & Partial<LocationRef> & { name: string; place?: string }

/** A row's heading: the location's name, a link to its screen, over its city and country. */
export function LocationCell(props: { location: ListedLocation }) {
  const { location } = props
  const place =
    location.place ??
    ([location.city, location.country].filter(Boolean).join(', ') || location.countryCode)
  return (
    <th scope="row" className="location-cell">
      <a href={routeToHash(locationRoute(location))}>{location.name}</a>
      <div className="faint small">{place}</div>
    </th>
  )
}
