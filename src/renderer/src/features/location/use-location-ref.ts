import { useMemo } from 'react'
import type { Sector } from '../../../../shared/spec'
import { useStores } from '../../api/services'
import { useLocations } from '../../api/use-market-data'
import { humanizeSlug, locationKey, toLocationRef } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'

/**
 * The display details of a routed location: from the (cached) locations list, else from saved /
 * recent / compare entries, else a readable version of the slug.
 */
export function useLocationRef(sector: Sector, countryCode: string, slug: string): LocationRef {
  const locations = useLocations(sector)
  const stores = useStores()
  const list = locations.data?.data.locations
  return useMemo(() => {
    const wanted = locationKey({ sector, countryCode, slug })
    const found = list?.find(
      (location) =>
        location.slug === slug && location.country_code.toUpperCase() === countryCode.toUpperCase()
    )
    if (found) return toLocationRef(found, sector)
    const known = [...stores.saved.get(), ...stores.recent.get(), ...stores.compare.get()].find(
      (ref) => locationKey(ref) === wanted
    )
    return (
      known ?? {
        sector,
        slug,
        countryCode: countryCode.toUpperCase(),
        name: humanizeSlug(slug),
        city: '',
        country: ''
      }
    )
  }, [list, sector, countryCode, slug, stores])
}
